import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOrderLimits, projectLimits } from '#shared/domain/limits.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { payments } from '#server/db/schema/payments.js';
import { STRIPE_MAX_CHARGE_CENTS } from '#server/integrations/payments/payment-provider.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createProject } from '#test/support/factories.js';

// Issue 26, item 12 (decision 040): the largest amounts validation accepts (a $10M bid, $10M change
// orders) add up past a 32-bit integer; every sum and stored total in cents holds them, on PGlite
// and PostgreSQL alike.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

const MAX_BID = projectLimits.bidAmountMaxDollars;
const MAX_CHANGE_ORDER = changeOrderLimits.amountMaxDollars;
const TOTAL_CENTS = (MAX_BID + 2 * MAX_CHANGE_ORDER) * 100;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const expectIdentity = (money: { paidCents: number; releasedCents: number; feeCents: number; refundedCents: number; heldCents: number }) =>
  expect(money.releasedCents + money.feeCents + money.refundedCents + money.heldCents).toBe(money.paidCents);

async function payCheckout(checkoutUrl: string) {
  const paid = await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, card);
  expect(paid.statusCode).toBe(200);
}

/** A paid $10M deal with two paid $10M change orders: $30M held, past 2^31 cents. */
async function largestDeal() {
  const project = await createProject(w.t.database.db, { submitterId: w.cast.owner.user.id, budgetCents: MAX_BID * 100 });
  const placed = await w.cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
    amount: MAX_BID,
    timeline: 30,
    message: 'The whole platform, finished.',
  });
  expect(placed.statusCode).toBe(201);
  const bidId = placed.json().id as number;
  expect((await w.cast.owner.api.post(`/api/bids/${bidId}/accept`)).statusCode).toBe(200);
  await payCheckout((await w.cast.owner.api.post(`/api/bids/${bidId}/pay`, {})).json().checkoutUrl);
  for (let i = 0; i < 2; i++) {
    const proposed = await w.cast.finisher.api.post(`/api/projects/${project.id}/change-orders`, {
      description: `A second platform, part ${i + 1}.`,
      amount: MAX_CHANGE_ORDER,
      extraDays: 0,
    });
    expect(proposed.statusCode).toBe(201);
    const id = proposed.json().id as number;
    expect((await w.cast.owner.api.post(`/api/change-orders/${id}/accept`, {})).statusCode).toBe(200);
    const pay = await w.cast.owner.api.post(`/api/change-orders/${id}/pay`, {});
    expect(pay.statusCode).toBe(200);
    await payCheckout(pay.json().checkoutUrl);
  }
  return { projectId: project.id, bidId };
}

describe('the largest amounts validation accepts', () => {
  it('refuses one cent more than the largest bid and change order', async () => {
    const { projectId } = await w.paidDeal();
    const tooMuch = await w.cast.finisher.api.post(`/api/projects/${projectId}/change-orders`, {
      description: 'More than the largest change order.',
      amount: MAX_CHANGE_ORDER + 0.01,
      extraDays: 0,
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('are held, read, disputed and split over $30M without overflow', async () => {
    const { projectId, bidId } = await largestDeal();
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ paidCents: TOTAL_CENTS, heldCents: TOTAL_CENTS });
    expectIdentity(deal.money);
    const spending = await w.cast.owner.api.get(`/api/users/${w.cast.owner.user.id}/total-spending`);
    expect(spending.statusCode).toBe(200);
    expect(spending.json().totalSpentCents).toBeGreaterThanOrEqual(TOTAL_CENTS);

    expect((await w.deliver(projectId)).statusCode).toBe(200);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'Half of the platform does not run at all.',
      finisherAmountCents: 1_500_000_001,
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().disputedCents).toBe(TOTAL_CENTS);
    const ask = await w.cast.finisher.api.post(`/api/disputes/${opened.json().id}/offers`, { finisherAmountCents: TOTAL_CENTS });
    expect(ask.statusCode).toBe(201);
    const accepted = await w.cast.finisher.api.post(`/api/disputes/${opened.json().id}/offers/${opened.json().offers[0].id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().split).toMatchObject({ finisherAmountCents: 1_500_000_001, refundCents: TOTAL_CENTS - 1_500_000_001 });
    const after = await w.deal(projectId);
    expectIdentity(after.money);
    expect(after.money.refundedCents).toBe(TOTAL_CENTS - 1_500_000_001);
    expect((await w.paymentOf(bidId)).status).toBe('released');
  });

  it('are cancelled and refunded in full over $30M', async () => {
    const { projectId } = await largestDeal();
    const cancelled = await w.cancel(projectId);
    expect(cancelled.statusCode).toBe(200);
    expect((await w.deal(projectId)).cancellation).toMatchObject({ outcome: 'open', refundCents: TOTAL_CENTS });
    const history = await w.t.database.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId));
    expect(history.find((h) => h.kind === 'cancellation_request')?.amountCents).toBe(TOTAL_CENTS);
    expect((await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ refundedCents: TOTAL_CENTS, heldCents: 0 });
    expectIdentity(deal.money);
  });
});

describe("Stripe's largest charge", () => {
  it('is $999,999.99: a larger checkout is refused with a sentence, before any session opens', async () => {
    expect(STRIPE_MAX_CHARGE_CENTS).toBe(99_999_999);
    const capped = await createDealWorld({}, { payments: (sandbox) => Object.assign(Object.create(sandbox), { maxChargeCents: STRIPE_MAX_CHARGE_CENTS }) });
    try {
      const project = await createProject(capped.t.database.db, { submitterId: capped.cast.owner.user.id });
      const placed = await capped.cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
        amount: 1_000_000,
        timeline: 30,
        message: 'A million-dollar finish.',
      });
      await capped.cast.owner.api.post(`/api/bids/${placed.json().id}/accept`);
      const refused = await capped.cast.owner.api.post(`/api/bids/${placed.json().id}/pay`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'A card payment can be at most $999,999.99, so $1,000,000 cannot be paid by card',
      });
      const [payment] = await capped.t.database.db.select().from(payments).where(eq(payments.bidId, placed.json().id));
      expect(payment?.checkoutSessionId ?? null).toBeNull();
    } finally {
      await capped.t.close();
    }
  });
});
