import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '#server/integrations/payments/stripe-provider.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { startFakeStripe } from '#test/fakes/stripe-api.js';

// A dispute's settlement through the Stripe adapter (issue 15, rule 6): a partial refund and a
// transfer against a local fake of Stripe's API, each with its own idempotency key, once. The
// checkout and onboarding still go through the sandbox, so the deal can be paid offline.
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let w: DealWorld;
beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = createStripeProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: 'whsec_test',
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });
  w = await createDealWorld({}, { payments: (sandbox) => ({ ...sandbox, createRefund: stripe.createRefund, createTransfer: stripe.createTransfer }) });
  await w.onboardFinisher();
});
afterAll(async () => {
  await w.t.close();
  await fake.close();
});

describe('settling a dispute with Stripe', () => {
  it('refunds part of the payment and transfers the finisher’s share less the fee, each once', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'Half of the features in the brief are missing.',
      finisherAmountCents: 30_000,
    });
    const dispute = opened.json();
    const ask = (await w.cast.finisher.api.post(`/api/disputes/${dispute.id}/offers`, { finisherAmountCents: 50_000 })).json().offers.at(-1);
    expect((await w.cast.owner.api.post(`/api/disputes/${dispute.id}/offers/${ask.id}/accept`)).statusCode).toBe(200);
    const money = fake.requests.filter((r) => r.path === '/v1/refunds' || r.path === '/v1/transfers');
    expect(money.map((r) => [r.path, Object.fromEntries(r.form).amount, r.idempotencyKey])).toEqual([
      ['/v1/refunds', '25000', `dispute_refund_${dispute.id}`],
      ['/v1/transfers', '45000', `dispute_payout_${dispute.id}`],
    ]);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 45_000, settledCents: 50_000, refundedCents: 25_000 });
    // A restart's catch-up finds nothing left to move.
    await w.t.app.sweepDealTimers();
    expect(fake.requests.filter((r) => r.path === '/v1/refunds' || r.path === '/v1/transfers')).toHaveLength(2);
  });
});
