import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotals } from '#shared/domain/ledger.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { payments } from '#server/db/schema/payments.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { findLedgerDiscrepancies, findProviderDiscrepancies } from './reconciliation.js';

// Issue 31, items 1, 2 and 5: every money movement is one ledger entry, written once in the
// transaction that moves the money, never changed; the deal's ledger is read by its two parties and
// operators; the reconciliation finds what disagrees.
let w: DealWorld;
let operator: Awaited<ReturnType<DealWorld['signInOperator']>>;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
  operator = await w.signInOperator();
});
afterAll(() => w.t.close());

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34' };
const db = () => w.t.database.db;
/** The deal's entries as kind and amount, oldest first. */
const entriesOf = async (projectId: number) =>
  (
    await db()
      .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, note: ledgerEntries.note })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.projectId, projectId))
      .orderBy(asc(ledgerEntries.id))
  ).map((e) => `${e.kind} ${e.amountCents}${e.note ? ` (${e.note})` : ''}`);

/** An accepted $750 deal whose checkout is paid by a signed event the test holds, to send again. */
async function paidByEvent() {
  const deal = await w.acceptedDeal();
  const { checkoutUrl } = (await w.cast.owner.api.post(`/api/bids/${deal.bidId}/pay`, {})).json();
  const result = w.sandbox.pay((checkoutUrl as string).replace('/sandbox/checkout/', ''), card);
  if (!result.ok) throw new Error(result.message);
  return { ...deal, event: result.event };
}

async function approveMilestone(projectId: number, title: string, amount: number) {
  const milestone = (await w.cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title, amount })).json();
  expect((await w.cast.finisher.api.post(`/api/milestones/${milestone.id}/complete`, { note: 'Done and tested.' })).statusCode).toBe(200);
  expect((await w.cast.owner.api.post(`/api/milestones/${milestone.id}/approve`, {})).statusCode).toBe(200);
}

async function acceptWork(projectId: number) {
  expect((await w.deliver(projectId)).statusCode).toBe(200);
  expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
}

describe('the ledger of a deal', () => {
  it('holds the payment once however often the webhook comes, then each release with its fee once, whoever settles', async () => {
    const { projectId, event } = await paidByEvent();
    const replies = await Promise.all([w.sendWebhook(event), w.sendWebhook(event), w.sendWebhook(event)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await entriesOf(projectId)).toEqual(['payment_held 75000']);

    await approveMilestone(projectId, 'API', 300);
    expect((await w.deliver(projectId)).statusCode).toBe(200);
    // A double click on "accept", and a second instance starting (it settles what is overdue).
    const accept = () => w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });
    const [first, second] = await Promise.all([accept(), accept()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    await (await w.secondInstance()).close();
    expect(await entriesOf(projectId)).toEqual([
      'payment_held 75000',
      "milestone_release 27000 (milestone 'API')",
      "platform_fee 3000 (milestone 'API')",
      'final_release 40500',
      'platform_fee 4500',
    ]);
    const response = await w.cast.finisher.api.get(`/api/projects/${projectId}/ledger`);
    expect(response.statusCode).toBe(200);
    const ledger = response.json();
    expect(ledger.heldCents).toBe(0);
    expect(ledger.entries[0]).toMatchObject({
      kind: 'payment_held',
      amountCents: 75_000,
      currency: 'usd',
      providerId: expect.stringMatching(/^pi_/),
      note: null,
    });
    expect(ledger.entries[1]).toMatchObject({ kind: 'milestone_release', providerId: expect.stringMatching(/^tr_/), note: "milestone 'API'" });
    expect(new Date(ledger.entries[0].createdAt).toISOString()).toBe(ledger.entries[0].createdAt);
  });

  it('refunds what a cancellation sends back, after a milestone was paid out', async () => {
    const { projectId } = await w.paidDeal();
    await approveMilestone(projectId, 'Orders page', 300);
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    expect((await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    expect(await entriesOf(projectId)).toEqual([
      'payment_held 75000',
      "milestone_release 27000 (milestone 'Orders page')",
      "platform_fee 3000 (milestone 'Orders page')",
      'refund 45000',
    ]);
    expect((await w.cast.owner.api.get(`/api/projects/${projectId}/ledger`)).json().heldCents).toBe(0);
  });

  it("splits a settled dispute: the owner's part refunded, the finisher's paid out less the fee", async () => {
    const { projectId } = await w.paidDeal();
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    const objected = await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/object`, {
      reason: 'Half of the work is done and delivered in the repository.',
    });
    const disputeId = objected.json().dispute.id as number;
    const offer = (await w.cast.owner.api.post(`/api/disputes/${disputeId}/offers`, { finisherAmountCents: 30_000 })).json().offers.at(-1);
    expect((await w.cast.finisher.api.post(`/api/disputes/${disputeId}/offers/${offer.id}/accept`)).statusCode).toBe(200);
    expect(await entriesOf(projectId)).toEqual(['payment_held 75000', 'dispute_refund 45000', 'dispute_release 27000', 'platform_fee 3000']);
  });

  it("holds a change order's payment beside the deal's and releases both on acceptance", async () => {
    const { projectId } = await w.paidDeal();
    const proposed = await w.cast.finisher.api.post(`/api/projects/${projectId}/change-orders`, {
      description: 'Add CSV export of the orders page.',
      amount: 200,
      extraDays: 3,
    });
    const changeOrderId = proposed.json().id as number;
    expect((await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/accept`, {})).statusCode).toBe(200);
    const { checkoutUrl } = (await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/pay`, {})).json();
    expect(
      (await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, { ...card, cvc: '123' }))
        .statusCode,
    ).toBe(200);
    await acceptWork(projectId);
    expect(await entriesOf(projectId)).toEqual([
      'payment_held 75000',
      'change_order_payment 20000 (change order 1)',
      'final_release 67500',
      'platform_fee 7500',
      'final_release 18000 (change order 1)',
      'platform_fee 2000 (change order 1)',
    ]);
  });

  it('refunds in full money that arrived after its deal ended, and records both', async () => {
    const { projectId } = await w.paidDeal();
    const proposed = await w.cast.finisher.api.post(`/api/projects/${projectId}/change-orders`, {
      description: 'Add a printable invoice view.',
      amount: 150,
      extraDays: 2,
    });
    const changeOrderId = proposed.json().id as number;
    await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/accept`, {});
    const { checkoutUrl } = (await w.cast.owner.api.post(`/api/change-orders/${changeOrderId}/pay`, {})).json();
    await acceptWork(projectId);
    const late = w.sandbox.pay((checkoutUrl as string).replace('/sandbox/checkout/', ''), card);
    if (!late.ok) throw new Error(late.message);
    expect((await w.sendWebhook(late.event)).statusCode).toBe(200);
    expect((await w.sendWebhook(late.event)).statusCode).toBe(200);
    expect((await entriesOf(projectId)).slice(-2)).toEqual(['late_payment 15000 (change order 1)', 'late_refund 15000 (change order 1)']);
  });

  it('records a chargeback freezing the held money, and its outcome: won moves nothing, lost takes the held money back', async () => {
    const won = await w.paidDeal();
    const wonPayment = await w.paymentOf(won.bidId);
    const chargeback = (paymentId: number, action: 'open' | 'won' | 'lost') =>
      w.cast.owner.api.post(`/api/sandbox/payments/${paymentId}/card-dispute`, { action });
    expect((await chargeback(wonPayment.id, 'open')).statusCode).toBe(200);
    expect((await chargeback(wonPayment.id, 'won')).statusCode).toBe(200);
    expect(await entriesOf(won.projectId)).toEqual(['payment_held 75000', 'chargeback_freeze 75000', 'chargeback_won 75000']);

    const lost = await w.paidDeal();
    const lostPayment = await w.paymentOf(lost.bidId);
    await chargeback(lostPayment.id, 'open');
    await chargeback(lostPayment.id, 'lost');
    expect(await entriesOf(lost.projectId)).toEqual(['payment_held 75000', 'chargeback_freeze 75000', 'chargeback_lost 75000']);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.projectId, lost.projectId));
    expect(ledgerTotals(rows)).toEqual({ paidCents: 75_000, releasedCents: 0, feeCents: 0, refundedCents: 75_000, heldCents: 0 });
  });

  it('is refused an update, a delete and a truncate by the database itself', async () => {
    const { projectId } = await w.paidDeal();
    const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.projectId, projectId));
    /** What the database said, from the driver's error under drizzle's. */
    const refusalOf = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
      );
    expect(await refusalOf(db().update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, entry!.id)))).toBe(
      'ledger entries are append-only: UPDATE is refused',
    );
    expect(await refusalOf(db().delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id)))).toBe('ledger entries are append-only: DELETE is refused');
    // With the documents issued from it (decision 064), which are append-only too.
    expect(await refusalOf(db().execute(sql`TRUNCATE ledger_entries, documents`))).toMatch(/(append-only|never changed once issued): TRUNCATE is refused$/);
    expect(await entriesOf(projectId)).toEqual(['payment_held 75000']);
  });
});

describe('GET /api/projects/:id/ledger', () => {
  it('answers the two parties and an operator, and refuses the losing bidder, a stranger and a visitor', async () => {
    const { projectId } = await w.paidDeal();
    for (const api of [w.cast.owner.api, w.cast.finisher.api, operator.api]) {
      const response = await api.get(`/api/projects/${projectId}/ledger`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ heldCents: 75_000, entries: [{ kind: 'payment_held', amountCents: 75_000 }] });
    }
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api]) {
      const refused = await api.get(`/api/projects/${projectId}/ledger`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'Only the project owner, its developer and Finishline operators can see where its money went',
      });
    }
    expect((await w.cast.visitor.api.get(`/api/projects/${projectId}/ledger`)).statusCode).toBe(401);
    expect((await w.cast.owner.api.get('/api/projects/987654321/ledger')).statusCode).toBe(404);
    expect((await w.cast.owner.api.get('/api/projects/abc/ledger')).statusCode).toBe(400);
  });
});

describe('the reconciliation', () => {
  it('finds every payment adding up after real flows, and catches a planted discrepancy in the rows and at the provider', async () => {
    const { bidId } = await w.paidDeal();
    expect(await findLedgerDiscrepancies(db())).toEqual([]);
    expect(await findProviderDiscrepancies(db(), w.sandbox)).toEqual([]);

    const payment = await w.paymentOf(bidId);
    await db().update(payments).set({ refundedCents: 100 }).where(eq(payments.id, payment.id));
    try {
      expect(await findLedgerDiscrepancies(db())).toEqual([
        { paymentId: payment.id, message: `payment ${payment.id} (held): the ledger refunded $0.00; the payment row says $1.00` },
      ]);
    } finally {
      await db().update(payments).set({ refundedCents: 0 }).where(eq(payments.id, payment.id));
    }

    const [transferId, transfer] = [...w.sandbox.ledger.transfers.entries()][0]!;
    w.sandbox.ledger.transfers.set(transferId, { ...transfer, amountCents: transfer.amountCents + 1 });
    try {
      const found = await findProviderDiscrepancies(db(), w.sandbox);
      expect(found.map((d) => d.message)).toEqual([expect.stringContaining(`transfer ${transferId} is $`)]);
    } finally {
      w.sandbox.ledger.transfers.set(transferId, transfer);
    }
    expect(await findLedgerDiscrepancies(db())).toEqual([]);
  });
});
