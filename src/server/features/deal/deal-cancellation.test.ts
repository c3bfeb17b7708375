import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineDay } from '#shared/domain/deal.js';
import { dealCancellations } from '#server/db/schema/deal.js';
import { DAY_MS } from '#test/support/clock.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';

// Cancelling once money is held (issue 14, decision 027): the finisher has a say, silence refunds,
// a missed deadline refunds at once, and accepted work never moves back.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

const sweep = () => w.t.app.sweepDealTimers();
const agree = (projectId: number, api = w.cast.finisher.api) => api.post(`/api/projects/${projectId}/cancellation/agree`);
const object = (projectId: number, reason: unknown, api = w.cast.finisher.api) => api.post(`/api/projects/${projectId}/cancellation/object`, { reason });
/** One identity per payment: released to the finisher + fee + refunded + still held = paid. */
const expectIdentity = (money: { paidCents: number; releasedCents: number; feeCents: number; refundedCents: number; heldCents: number }) =>
  expect(money.releasedCents + money.feeCents + money.refundedCents + money.heldCents).toBe(money.paidCents);

describe('cancelling a paid project', () => {
  it('asks the finisher, who may agree: the unsettled remainder is refunded', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    // The owner's cancel dialog reads what cancelling does (issue 28, item 5); the finisher's deal answer has no such words.
    const before = await w.deal(projectId, w.cast.owner.api);
    expect(before.cancelNotice).toBe(
      `The $750 held goes back to you only if ${w.cast.finisher.user.username} agrees, or does not answer by ${deadlineDay(new Date(w.clock.now().getTime() + 5 * DAY_MS))}. ${w.cast.finisher.user.username} may object instead and ask for part or all of it in a dispute.`,
    );
    expect((await w.deal(projectId, w.cast.finisher.api)).cancelNotice).toBeNull();
    expect((await w.cancel(projectId)).json().status).toBe('cancelled');
    expect((await w.deal(projectId, w.cast.owner.api)).cancelNotice).toBeNull();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held' });
    const deal = await w.deal(projectId, w.cast.finisher.api);
    expect(deal.cancellation).toMatchObject({ outcome: 'open', refundCents: 75_000 });
    expect(deal.nextStep).toMatchObject({ action: 'answer_cancellation', actor: 'finisher', dueAt: deal.cancellation.respondBy });
    // The review window no longer runs on a cancelled project.
    w.clock.advance(8 * DAY_MS);
    for (const api of [w.cast.owner.api, w.cast.otherFinisher.api, w.cast.otherSubmitter.api]) expect((await agree(projectId, api)).statusCode).toBe(403);
    expect((await agree(projectId, w.cast.visitor.api)).statusCode).toBe(401);
    const agreed = await agree(projectId);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().cancellation).toMatchObject({ outcome: 'agreed' });
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000, releasedCents: 0 });
    expect((await agree(projectId)).statusCode).toBe(409);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000 });
  });

  it('keeps the money held when the finisher objects, with a reason the owner reads, in a dispute the owner must answer', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.cancel(projectId);
    const short = await object(projectId, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please give a reason for the objection of at least 10 characters');
    expect((await object(projectId, 'I delivered two milestones already.', w.cast.owner.api)).statusCode).toBe(403);
    const objected = await object(projectId, '  The work is nearly done and was on time.  ');
    expect(objected.json().cancellation).toMatchObject({ outcome: 'objected', objection: 'The work is nearly done and was on time.' });
    // The objection opened a dispute asking for all of the held money (issue 15): the owner must respond.
    expect(objected.json().dispute).toMatchObject({ status: 'negotiating' });
    expect(objected.json().nextStep).toMatchObject({ action: 'respond_to_dispute', actor: 'owner' });
    w.clock.advance(4 * DAY_MS - 1);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', refundedCents: 0 });
    expect((await agree(projectId)).statusCode).toBe(409);
    const note = (await w.notificationsOf(w.cast.owner.user.id, projectId)).find((n) => n.title === 'Cancellation objected');
    expect(note?.content).toContain('The work is nearly done and was on time.');
    // The owner's silence settles at the finisher's ask: all of it, less the fee.
    w.clock.advance(1);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500, refundedCents: 0 });
    expectIdentity((await w.deal(projectId)).money);
  });

  it('files the amount the finisher asks for, and tells both parties and the dispute page what the owner silence does, with her date', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.cancel(projectId);
    const open = await w.deal(projectId, w.cast.finisher.api);
    // An objection now would give the owner the dispute's response window (4 days) to answer.
    expect(open.cancellation.objectionRespondBy).toBe(new Date(w.clock.now().getTime() + 4 * DAY_MS).toISOString());
    const post = (body: Record<string, unknown>) => w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/object`, body);
    const tooMuch = await post({ reason: 'The work was delivered on time.', finisherAmountCents: 75_001 });
    expect(tooMuch.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMuch.json().message).toMatch(/\$750/);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held' });
    const objected = await post({ reason: 'Half of the work is delivered already.', finisherAmountCents: 50_000 });
    expect(objected.statusCode).toBe(200);
    const respondBy = deadlineDay(open.cancellation.objectionRespondBy);
    const { owner, finisher } = { owner: w.cast.owner.user.username, finisher: w.cast.finisher.user.username };
    const sentence = (silent: string, o: string, f: string) =>
      `asks for $500 of the $750 held. Without an answer from ${silent} by ${respondBy}, ${f} receives $500 (less the platform fee) and $250 goes back to ${o}.`;
    for (const api of [w.cast.owner.api, w.cast.finisher.api]) {
      const deal = await w.deal(projectId, api);
      expect(deal.cancellation.description).toBe(`${finisher} objected to the cancellation. ${finisher} ${sentence(owner, owner, finisher)}`);
      expect(deal.cancellation.description).not.toContain('stays held');
      const dispute = (await api.get(`/api/disputes/${deal.dispute.id}`)).json();
      expect(dispute.summary).toContain(
        `Without an answer from ${owner} by ${respondBy}, ${finisher} receives $500 (less the platform fee) and $250 goes back to ${owner}.`,
      );
    }
    const note = (await w.notificationsOf(w.cast.owner.user.id, projectId)).find((n) => n.title === 'Cancellation objected');
    expect(note?.content).toContain(`The developer ${sentence('you', 'you', 'the developer')}`);
    // Her silence settles at the ask: $500 less the fee to the finisher, $250 back to her.
    w.clock.advance(4 * DAY_MS);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ releasedCents: 45_000, refundedCents: 25_000 });
    expectIdentity((await w.deal(projectId)).money);
  });

  it('refunds when the finisher lets the answer window pass, after reminding them', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.cancel(projectId);
    w.clock.advance(5 * DAY_MS - 1);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held' });
    expect((await w.notificationsOf(w.cast.finisher.user.id, projectId)).filter((n) => n.title === 'Reminder')).toHaveLength(2);
    w.clock.advance(1);
    await sweep();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000 });
    const deal = await w.deal(projectId);
    expect(deal.cancellation).toMatchObject({ outcome: 'timed_out' });
    expectIdentity(deal.money);
    expect(deal.history.map((h: { kind: string }) => h.kind)).toEqual(['payment_held', 'cancellation_request', 'cancellation_timed_out', 'refund']);
  });

  it('refunds at once past the delivery deadline with nothing delivered', async () => {
    const { projectId, bidId } = await w.paidDeal();
    w.clock.advance(10 * DAY_MS + 60_000);
    expect((await w.deal(projectId, w.cast.owner.api)).cancelNotice).toMatch(
      /^The delivery was due on \d+ \w{3} and nothing was delivered: the \$750 held is refunded to you at once\.$/,
    );
    await w.cancel(projectId);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000 });
    expect((await w.deal(projectId)).cancellation).toMatchObject({ outcome: 'refund', refundCents: 75_000 });
  });

  it('asks the finisher past the deadline when something was delivered', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    await w.requestRevision(projectId);
    w.clock.advance(11 * DAY_MS);
    await w.cancel(projectId);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held' });
    expect((await w.deal(projectId)).cancellation.outcome).toBe('open');
  });

  it('refuses to cancel accepted work: its money is released and the deal counts as completed', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });
    const cancel = await w.cancel(projectId);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('This project can no longer be cancelled: it is already cancelled, or its work has been accepted');
    const payment = await w.paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'released', releasedCents: 67_500, refundedCents: 0 });
    const deal = await w.deal(projectId, w.cast.finisher.api);
    expectIdentity(deal.money);
    expect(deal.cancellation).toBeNull();
    expect(deal.nextStep).toBeNull();
    expect((await agree(projectId)).statusCode).toBe(409);
    const review = await w.cast.owner.api.post(`/api/projects/${projectId}/reviews`, { rating: 5, comment: 'Finished the job well and on time.' });
    expect(review.statusCode).toBe(201);
  });

  it('cancelled first, the acceptance is refused and the money stays held while the finisher is asked', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    const accept = await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });
    expect(accept.statusCode).toBe(409);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', refundedCents: 0, releasedCents: 0 });
    const deal = await w.deal(projectId);
    expect(deal.cancellation.outcome).toBe('open');
    expectIdentity(deal.money);
  });

  it('ends an accept racing a cancel in one of the two allowed states, and never moves money twice', async () => {
    const transfersBefore = w.sandbox.ledger.transfers.size;
    let accepted = 0;
    for (let round = 0; round < 5; round += 1) {
      const { projectId, bidId } = await w.paidDeal();
      await w.deliver(projectId);
      const [accept, cancel] = await Promise.all([w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true }), w.cancel(projectId)]);
      // Exactly one of the two wins the project's lock; the other is refused by the lifecycle.
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const payment = await w.paymentOf(bidId);
      const deal = await w.deal(projectId);
      expectIdentity(deal.money);
      if (accept.statusCode === 200) {
        accepted += 1;
        // Accepted first: released and counted as completed; no cancellation was recorded.
        expect(payment).toMatchObject({ status: 'released', refundedCents: 0, releasedCents: 67_500 });
        expect(await w.t.database.db.$count(dealCancellations, eq(dealCancellations.projectId, projectId))).toBe(0);
      } else {
        // Cancelled first: a cancellation request with the money held.
        expect(payment).toMatchObject({ status: 'held', refundedCents: 0, releasedCents: 0 });
        expect(deal.cancellation.outcome).toBe('open');
      }
    }
    // One payout per accepted deal, none for the others, and no refund at all.
    expect(w.sandbox.ledger.transfers.size - transfersBefore).toBe(accepted);
  });
});

describe('GET /api/projects/{id}/deal', () => {
  it('answers the owner and the assigned finisher only', async () => {
    const { projectId } = await w.paidDeal();
    expect((await w.cast.owner.api.get(`/api/projects/${projectId}/deal`)).statusCode).toBe(200);
    expect((await w.cast.finisher.api.get(`/api/projects/${projectId}/deal`)).statusCode).toBe(200);
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api]) {
      const refused = await api.get(`/api/projects/${projectId}/deal`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only the project owner and its developer can see its deal' });
    }
    expect((await w.cast.visitor.api.get(`/api/projects/${projectId}/deal`)).statusCode).toBe(401);
    expect((await w.cast.owner.api.get('/api/projects/999999/deal')).statusCode).toBe(404);
    expect((await w.cast.owner.api.get('/api/projects/abc/deal')).statusCode).toBe(400);
  });

  it('asks the owner to pay before the money is held', async () => {
    const acceptedAt = w.clock.now().getTime();
    const { projectId } = await w.acceptedDeal();
    const deal = await w.deal(projectId);
    expect(deal).toMatchObject({ status: 'assigned', money: null, deliveryDueAt: null, history: [] });
    // The payment window (decision 037): unpaid by then, the bid lapses.
    expect(deal.nextStep).toMatchObject({ action: 'pay', actor: 'owner', dueAt: new Date(acceptedAt + 7 * 86_400_000).toISOString() });
    expect(deal.nextStep.description).toContain('pays $750 to start the work');
  });
});
