import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/notifications.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import type { UserRow } from '#server/db/schema/users.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';

// Chargebacks (issue 15, rule 7): the bank's dispute freezes payouts; won resumes them, lost ends them.
let w: DealWorld;
let operator: UserRow;
/** An account that is an operator only because OPERATOR_EMAILS names it (in another case). */
let listedOperator: UserRow;
let operatorApi: ReturnType<typeof client>;

beforeAll(async () => {
  w = await createDealWorld({ OPERATOR_EMAILS: 'Listed.Operator@example.test' });
  await w.onboardFinisher();
  operator = await createUser(w.t.database.db, { role: 'operator' });
  listedOperator = await createUser(w.t.database.db, { email: 'listed.operator@example.test' });
  operatorApi = client(w.t.app, await signIn(w.t.app, operator.email));
});
afterAll(() => w.t.close());

const dispute = (paymentId: number, action: string, api = w.cast.owner.api) => api.post(`/api/sandbox/payments/${paymentId}/card-dispute`, { action });
const transfers = () => w.sandbox.ledger.transfers.size;
const titlesOf = async (userId: number, projectId: number) => (await w.notificationsOf(userId, projectId)).map((n) => n.title);
/** released + fee + refunded + still held = amount paid (conventions, rule 5), the fee being what was settled beyond the payout. */
const ledgerOf = (p: PaymentRow) => ({
  out: p.releasedCents + (p.settledCents - p.releasedCents) + p.refundedCents,
  held: p.amountCents - p.settledCents - p.refundedCents,
});

async function approveMilestone(projectId: number, amount: number) {
  const milestone = (await w.cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title: `Part worth ${amount}`, amount })).json();
  expect((await w.cast.finisher.api.post(`/api/milestones/${milestone.id}/complete`, { note: 'Done and tested.' })).statusCode).toBe(200);
  expect((await w.cast.owner.api.post(`/api/milestones/${milestone.id}/approve`)).statusCode).toBe(200);
}

async function acceptWork(projectId: number) {
  expect((await w.deliver(projectId)).statusCode).toBe(200);
  expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
}

const chargebackOf = (payment: PaymentRow, action: 'open' | 'won' | 'lost') =>
  w.sandbox.disputeCharge({ chargeId: payment.chargeId!, paymentIntentId: payment.paymentIntentId, amountCents: payment.amountCents, action });

describe('a card dispute', () => {
  it('freezes payouts while open, tells the operators, and pays what waited once it is won', async () => {
    const { projectId, bidId } = await w.paidDeal();
    const { id: paymentId } = await w.paymentOf(bidId);
    const opened = await dispute(paymentId, 'open');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ cardDisputeStatus: 'open' });
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', cardDisputeStatus: 'open', cardDisputeId: expect.stringMatching(/^dp_sbx_/) });
    for (const user of [operator, listedOperator]) expect(await titlesOf(user.id, projectId)).toEqual(['Card dispute opened']);
    expect(await titlesOf(w.cast.finisher.user.id, projectId)).toContain('Payouts paused');

    const before = transfers();
    await approveMilestone(projectId, 250);
    await acceptWork(projectId);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', releasedCents: 0, settledCents: 0 });
    expect(transfers()).toBe(before);

    expect((await dispute(paymentId, 'won')).json()).toEqual({ cardDisputeStatus: 'won' });
    const payment = await w.paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'released', cardDisputeStatus: 'won', releasedCents: 67_500, settledCents: 75_000, refundedCents: 0 });
    // The work was accepted meanwhile, so the whole 90% goes in one transfer, the milestone's share included.
    expect(transfers()).toBe(before + 1);
    expect(await titlesOf(operator.id, projectId)).toEqual(['Card dispute opened', 'Card dispute won']);
    expect(await titlesOf(w.cast.finisher.user.id, projectId)).toContain('Payouts resumed');
  });

  it('ends payouts when lost: what was still held went back to the card, and the ledger adds up', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await approveMilestone(projectId, 250);
    const paid = await w.paymentOf(bidId);
    expect(paid).toMatchObject({ releasedCents: 22_500, settledCents: 25_000 });
    await dispute(paid.id, 'open');
    expect((await dispute(paid.id, 'lost')).json()).toEqual({ cardDisputeStatus: 'lost' });

    const lost = await w.paymentOf(bidId);
    expect(lost).toMatchObject({ status: 'refunded', cardDisputeStatus: 'lost', releasedCents: 22_500, settledCents: 25_000, refundedCents: 50_000 });
    expect(ledgerOf(lost)).toEqual({ out: 75_000, held: 0 });
    const [told] = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, operator.id), eq(notifications.relatedId, projectId), eq(notifications.title, 'Card dispute lost')));
    expect(told!.content).toContain('$500 went back to the card');
    expect(await titlesOf(w.cast.finisher.user.id, projectId)).toContain('Payouts ended');

    // The work accepted afterwards moves no money: there is none left to move.
    const before = transfers();
    await approveMilestone(projectId, 100);
    await acceptWork(projectId);
    expect(await w.paymentOf(bidId)).toEqual({ ...lost, updatedAt: expect.any(Date) });
    expect(transfers()).toBe(before);
  });
});

describe('chargeback webhooks', () => {
  it('act once, however often and through however many events they arrive', async () => {
    const { projectId, bidId } = await w.paidDeal();
    const payment = await w.paymentOf(bidId);
    const opened = chargebackOf(payment, 'open');
    const answers = await Promise.all([1, 2, 3].map(() => w.sendWebhook(opened)));
    expect(answers.map((a) => a.json().duplicate).sort()).toEqual([false, true, true]);
    // Another event about the same dispute (Stripe's retry under a new id, or the sandbox's second click).
    expect((await w.sendWebhook(chargebackOf(payment, 'open'))).json()).toEqual({ received: true, duplicate: false });
    expect(await titlesOf(operator.id, projectId)).toEqual(['Card dispute opened']);
    expect((await dispute(payment.id, 'open')).statusCode).toBe(409);

    const lost = chargebackOf(payment, 'lost');
    await w.sendWebhook(lost);
    await w.sendWebhook(lost);
    await w.sendWebhook(chargebackOf(payment, 'lost'));
    await w.sendWebhook(chargebackOf(payment, 'won'));
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', cardDisputeStatus: 'lost', refundedCents: 75_000 });
    expect(await titlesOf(operator.id, projectId)).toEqual(['Card dispute opened', 'Card dispute lost']);
  });

  it('take a closing that arrives before its opening as the decision', async () => {
    const { projectId, bidId } = await w.paidDeal();
    const payment = await w.paymentOf(bidId);
    await w.sendWebhook(chargebackOf(payment, 'won'));
    await w.sendWebhook(chargebackOf(payment, 'open'));
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', cardDisputeStatus: 'won' });
    expect(await titlesOf(operator.id, projectId)).toEqual(['Card dispute won']);
    await acceptWork(projectId);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
  });
});

describe('POST /api/sandbox/payments/{paymentId}/card-dispute', () => {
  it('lets the owner or an operator play the bank, on a charged payment, one step after another', async () => {
    const { bidId } = await w.paidDeal();
    const { id: paymentId } = await w.paymentOf(bidId);
    for (const api of [w.cast.finisher.api, w.cast.otherSubmitter.api]) {
      const refused = await dispute(paymentId, 'open', api);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the project owner can dispute this payment');
    }
    expect((await dispute(paymentId, 'open', w.cast.visitor.api)).statusCode).toBe(401);
    expect((await dispute(999_999, 'open')).statusCode).toBe(404);
    const early = await dispute(paymentId, 'won');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('No card dispute is open on this payment');
    expect((await dispute(paymentId, 'open', operatorApi)).json()).toEqual({ cardDisputeStatus: 'open' });
    expect((await dispute(paymentId, 'won', operatorApi)).json()).toEqual({ cardDisputeStatus: 'won' });
    expect((await dispute(paymentId, 'open')).json().message).toBe('This payment has already been disputed');

    const unpaid = await w.acceptedDeal();
    await w.cast.owner.api.post(`/api/bids/${unpaid.bidId}/pay`, {});
    const pending = await dispute((await w.paymentOf(unpaid.bidId)).id, 'open');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This payment was never charged, so there is nothing to dispute');
    const badAction = await dispute(paymentId, 'reversed');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toContain('Choose open, won or lost');
  });
});

describe('card-dispute calls at once (issue 26, item 13)', () => {
  it('take turns under the payment lock: one open, one refused; a decision answers its own outcome', async () => {
    const { bidId } = await w.paidDeal();
    const { id: paymentId } = await w.paymentOf(bidId);
    const opens = await Promise.all([dispute(paymentId, 'open'), dispute(paymentId, 'open', operatorApi)]);
    expect(opens.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(opens.find((r) => r.statusCode === 409)!.json().message).toBe('This payment has already been disputed');
    const decisions = await Promise.all([dispute(paymentId, 'won'), dispute(paymentId, 'lost', operatorApi)]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [decided] = decisions.filter((r) => r.statusCode === 200);
    const outcome = decisions[0]!.statusCode === 200 ? 'won' : 'lost';
    expect(decided!.json()).toEqual({ cardDisputeStatus: outcome });
    expect((await w.paymentOf(bidId)).cardDisputeStatus).toBe(outcome);
    // A burst of openings on a fresh payment: exactly one dispute.
    const fresh = await w.paidDeal();
    const freshId = (await w.paymentOf(fresh.bidId)).id;
    const burst = await Promise.all(Array.from({ length: 5 }, () => dispute(freshId, 'open')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
