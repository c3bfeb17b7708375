import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealEndReason } from '#shared/domain/deal.js';
import { payments } from '#server/db/schema/payments.js';
import { createDealWorld, DISPUTE_REASON, type DealWorld } from '#test/support/deal.js';
import type { client } from '#test/support/http.js';

// Issue 26, item 11 (decision 038): money that arrives after its deal ended (a change order's
// checkout paid after a cancellation, a dispute or the acceptance, or a lapsed bid's) is refunded
// in full and the owner told, never held, released or split again, however often the webhook comes.
let w: DealWorld;
let operator: ReturnType<typeof client>;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
  ({ api: operator } = await w.signInOperator());
});
afterAll(() => w.t.close());

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34' };
const expectIdentity = (money: { paidCents: number; releasedCents: number; feeCents: number; refundedCents: number; heldCents: number }) =>
  expect(money.releasedCents + money.feeCents + money.refundedCents + money.heldCents).toBe(money.paidCents);
const changeOrderPayment = async (changeOrderId: number) =>
  (await w.t.database.db.select().from(payments).where(eq(payments.changeOrderId, changeOrderId)))[0]!;

/** A paid $750 deal with an accepted $200 change order whose checkout the owner opened and has not paid. */
async function openChangeOrderCheckout() {
  const deal = await w.paidDeal();
  const proposed = await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/change-orders`, {
    description: 'Add CSV export of the orders page.',
    amount: 200,
    extraDays: 3,
  });
  const changeOrderId = proposed.json().id as number;
  expect((await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/accept`, {})).statusCode).toBe(200);
  const checkout = await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/pay`, {});
  expect(checkout.statusCode).toBe(200);
  const sessionId = (checkout.json().checkoutUrl as string).replace('/sandbox/checkout/', '');
  /** The owner pays the open checkout: the signed event the provider sends. */
  const payEvent = () => {
    const result = w.sandbox.pay(sessionId, card);
    if (!result.ok) throw new Error(result.message);
    return result.event;
  };
  return { ...deal, changeOrderId, payEvent };
}

async function expectRefundedLate(projectId: number, changeOrderId: number, transfersBefore: number) {
  const payment = await changeOrderPayment(changeOrderId);
  expect(payment).toMatchObject({ status: 'refunded', refundedCents: 20_000, releasedCents: 0, settledCents: 0 });
  expect(payment.arrivedLateAt).not.toBeNull();
  expect(w.sandbox.ledger.refunds.get(payment.refundId!)).toMatchObject({ amountCents: 20_000, paymentIntentId: payment.paymentIntentId });
  // Not a cent of it went to the finisher.
  expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore);
  const told = (await w.notificationsOf(w.cast.owner.user.id, projectId)).filter((n) => n.title === 'Late payment refunded');
  expect(told).toHaveLength(1);
  expect(told[0]!.content).toBe(`Your payment of $200 for "${told[0]!.content.split('"')[1]}" arrived after the deal had ended, so it was refunded in full.`);
  const deal = await w.deal(projectId);
  expectIdentity(deal.money);
  const changeOrder = deal.changeOrders.find((c: { id: number }) => c.id === changeOrderId);
  expect(changeOrder.paymentStatus).toBe('refunded');
  return deal;
}

describe('the end of a deal', () => {
  it('is one rule over the facts', () => {
    const live = { isProjectCancelled: false, hasDispute: false, isWorkAccepted: false, isAcceptedBid: true, isDealsOwnPayment: false };
    expect(dealEndReason(live)).toBeNull();
    expect(dealEndReason({ ...live, isProjectCancelled: true })).toBe('cancelled');
    expect(dealEndReason({ ...live, hasDispute: true })).toBe('disputed');
    expect(dealEndReason({ ...live, isWorkAccepted: true })).toBe('accepted');
    expect(dealEndReason({ ...live, isAcceptedBid: false })).toBe('bid_ended');
    // The deal's own payment after an acceptance (before issue 26's item 1) pays for the accepted work.
    expect(dealEndReason({ ...live, isWorkAccepted: true, isDealsOwnPayment: true })).toBeNull();
  });
});

describe('change-order money arriving after the deal ended', () => {
  it('is refunded in full on a cancelled deal, not paid out to the finisher, however often the webhook comes', async () => {
    const { projectId, bidId, changeOrderId, payEvent } = await openChangeOrderCheckout();
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    expect((await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000 });
    const transfersBefore = w.sandbox.ledger.transfers.size;
    const refundsBefore = w.sandbox.ledger.refunds.size;
    const event = payEvent();
    const replies = await Promise.all([w.sendWebhook(event), w.sendWebhook(event), w.sendWebhook(event)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(replies.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    // The owner pays the same checkout again (a second event for it): still one refund.
    expect((await w.sendWebhook(payEvent())).statusCode).toBe(200);
    expect(w.sandbox.ledger.refunds.size).toBe(refundsBefore + 1);
    await expectRefundedLate(projectId, changeOrderId, transfersBefore);
    // A later sweep of overdue money finds nothing of it to move.
    await w.t.app.sweepDealTimers();
    expect((await changeOrderPayment(changeOrderId)).status).toBe('refunded');
  });

  it('is refunded in full after a delivery dispute settled, not split by the old amount', async () => {
    const { projectId, bidId, changeOrderId, payEvent } = await openChangeOrderCheckout();
    expect((await w.deliver(projectId)).statusCode).toBe(200);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, {
      reason: DISPUTE_REASON,
      finisherAmountCents: 30_000,
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().disputedCents).toBe(75_000);
    const disputeId = opened.json().id as number;
    expect((await w.cast.owner.api.post(`/api/disputes/${disputeId}/escalate`, {})).statusCode).toBe(200);
    const ruled = await operator.post(`/api/operator/disputes/${disputeId}/ruling`, {
      finisherAmountCents: 50_000,
      decision: 'Half of the delivered work runs as agreed.',
    });
    expect(ruled.statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 45_000, refundedCents: 25_000 });
    const transfersBefore = w.sandbox.ledger.transfers.size;
    expect((await w.sendWebhook(payEvent())).statusCode).toBe(200);
    await expectRefundedLate(projectId, changeOrderId, transfersBefore);
    // The deal's own payment is where the ruling left it.
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 45_000, refundedCents: 25_000 });
  });

  it('is refunded in full while a dispute is open, which fixed the money in dispute without it', async () => {
    const { projectId, changeOrderId, payEvent } = await openChangeOrderCheckout();
    await w.deliver(projectId);
    const opened = await w.cast.finisher.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'The owner keeps asking for more.',
      finisherAmountCents: 75_000,
    });
    expect(opened.statusCode).toBe(201);
    const transfersBefore = w.sandbox.ledger.transfers.size;
    expect((await w.sendWebhook(payEvent())).statusCode).toBe(200);
    await expectRefundedLate(projectId, changeOrderId, transfersBefore);
    expect((await w.cast.finisher.api.get(`/api/disputes/${opened.json().id}`)).json().disputedCents).toBe(75_000);
  });

  it('is refunded in full after the work was accepted', async () => {
    const { projectId, bidId, changeOrderId, payEvent } = await openChangeOrderCheckout();
    await w.deliver(projectId);
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
    const transfersBefore = w.sandbox.ledger.transfers.size;
    expect((await w.sendWebhook(payEvent())).statusCode).toBe(200);
    await expectRefundedLate(projectId, changeOrderId, transfersBefore);
  });

  it('races a cancellation without a deadlock: either held and refunded by the cancellation, or refunded as late, once', async () => {
    for (let round = 0; round < 3; round++) {
      const { projectId, changeOrderId, payEvent } = await openChangeOrderCheckout();
      const transfersBefore = w.sandbox.ledger.transfers.size;
      const [paid, cancelled] = await Promise.all([w.sendWebhook(payEvent()), w.cancel(projectId)]);
      expect([paid.statusCode, cancelled.statusCode]).toEqual([200, 200]);
      expect((await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
      const payment = await changeOrderPayment(changeOrderId);
      expect(payment).toMatchObject({ status: 'refunded', refundedCents: 20_000, releasedCents: 0 });
      expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore);
      expectIdentity((await w.deal(projectId)).money);
    }
  });
});
