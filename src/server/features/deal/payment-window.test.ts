import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { milestones } from '#server/db/schema/milestones.js';
import { projects } from '#server/db/schema/projects.js';
import { DAY_MS } from '#test/support/clock.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { dealTimerRows, deleteDealTimers } from '#test/support/deal-timers.js';

// Decision 037: an accepted bid left unpaid for DEAL_PAYMENT_WINDOW (7d; reminders 3d and 1d before) lapses.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
});
afterAll(() => w.t.close());

const lapsedRefusal = 'This bid lapsed: it was not paid within the payment window, and the project is open for bids again.';
const sweep = () => w.t.app.sweepDealTimers();
const projectOf = async (id: number) => (await w.t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const bidsOf = async (projectId: number) => w.t.database.db.select().from(bids).where(eq(bids.projectId, projectId)).orderBy(bids.id);
const lapsesOf = async (projectId: number) =>
  w.t.database.db
    .select()
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, projectId), eq(dealHistory.kind, 'payment_lapsed')));
const titlesOf = async (userId: number, projectId: number) => (await w.notificationsOf(userId, projectId)).map((n) => n.title);
const openCheckout = async (bidId: number) =>
  ((await w.cast.owner.api.post(`/api/bids/${bidId}/pay`, {})).json().checkoutUrl as string).replace('/sandbox/checkout/', '');
const payCheckout = (sessionId: string) =>
  w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });

describe('the payment window', () => {
  it('reminds the owner before it, then lapses the bid and reopens the project for bids', async () => {
    const acceptedAt = w.clock.now().getTime();
    const { projectId, bidId } = await w.acceptedDeal();
    await w.cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title: 'Planned for the lapsed bid', amount: 200 });
    const deal = await w.deal(projectId, w.cast.finisher.api);
    expect(deal.nextStep).toMatchObject({ action: 'pay', actor: 'owner', dueAt: new Date(acceptedAt + 7 * DAY_MS).toISOString() });
    expect(deal.nextStep.description).toContain('the bid lapses and the project reopens for bids');

    w.clock.advance(4 * DAY_MS);
    expect(await sweep()).toBe(1);
    expect(await titlesOf(w.cast.owner.user.id, projectId)).toContain('Reminder');
    w.clock.advance(3 * DAY_MS - 1);
    expect(await sweep()).toBe(1); // the second reminder, a day before
    expect((await projectOf(projectId)).status).toBe('assigned');

    w.clock.advance(1);
    expect(await sweep()).toBe(1);
    const project = await projectOf(projectId);
    expect(project).toMatchObject({ status: 'open', finisherId: null });
    const [lapsed, other] = await bidsOf(projectId);
    expect(lapsed).toMatchObject({ id: bidId, status: 'lapsed' });
    // The bid that lost to it is the owner's to pick again.
    expect(other).toMatchObject({ status: 'pending' });
    expect(await w.t.database.db.select().from(milestones).where(eq(milestones.projectId, projectId))).toEqual([]);
    expect(await lapsesOf(projectId)).toHaveLength(1);
    expect(await titlesOf(w.cast.owner.user.id, projectId)).toContain('Bid lapsed');
    expect(await titlesOf(w.cast.finisher.user.id, projectId)).toContain('Bid lapsed');
    // The finisher is no longer a party; the project lists as open for bids.
    expect((await w.cast.finisher.api.get(`/api/projects/${projectId}/deal`)).statusCode).toBe(403);
    expect((await w.cast.visitor.api.get(`/api/projects/${projectId}`)).json()).toMatchObject({ status: 'open', finisherId: null });

    // Its checkout can no longer be started, and the owner can accept another bid.
    const retry = await w.cast.owner.api.post(`/api/bids/${bidId}/pay`, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ code: 'INVALID_TRANSITION', message: lapsedRefusal });
    expect((await w.cast.owner.api.post(`/api/bids/${other!.id}/accept`)).statusCode).toBe(200);
    expect(await projectOf(projectId)).toMatchObject({ status: 'assigned', finisherId: w.cast.otherFinisher.user.id });
    // Its own window counts from its own acceptance.
    const pending = (await dealTimerRows(w.t.database.db, projectId)).filter((timer) => timer.kind === 'payment_due' && timer.firedAt === null);
    expect(pending.map((timer) => timer.dueAt.getTime())).toEqual([w.clock.now().getTime() + 7 * DAY_MS]);
  });

  it('is disarmed by a payment in time', async () => {
    const { projectId, bidId } = await w.acceptedDeal();
    w.clock.advance(6 * DAY_MS);
    expect((await w.payBid(bidId)).statusCode).toBe(200);
    const pending = (await dealTimerRows(w.t.database.db, projectId)).filter((timer) => timer.firedAt === null);
    expect(pending.map((timer) => timer.kind)).not.toContain('payment_due');
    expect(pending.map((timer) => timer.kind)).not.toContain('payment_reminder');
    w.clock.advance(2 * DAY_MS);
    await sweep();
    expect(await projectOf(projectId)).toMatchObject({ status: 'in_progress', finisherId: w.cast.finisher.user.id });
    expect((await bidsOf(projectId))[0]).toMatchObject({ status: 'paid' });
    expect(await lapsesOf(projectId)).toHaveLength(0);
  });

  it('lapses once when two instances sweep at the same moment', async () => {
    const deals = await Promise.all([w.acceptedDeal(), w.acceptedDeal()]);
    w.clock.advance(8 * DAY_MS);
    const other = await w.secondInstance();
    try {
      await Promise.all([sweep(), other.sweepDealTimers(), sweep(), other.sweepDealTimers()]);
      for (const { projectId, bidId } of deals) {
        expect(await lapsesOf(projectId)).toHaveLength(1);
        expect((await titlesOf(w.cast.finisher.user.id, projectId)).filter((title) => title === 'Bid lapsed')).toHaveLength(1);
        expect((await bidsOf(projectId)).find((bid) => bid.id === bidId)).toMatchObject({ status: 'lapsed' });
      }
    } finally {
      await other.close();
    }
  });

  it('races a payment to exactly one outcome: paid, or lapsed with its checkout refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { projectId, bidId } = await w.acceptedDeal();
      const session = await openCheckout(bidId);
      w.clock.advance(7 * DAY_MS);
      const [, paid] = await Promise.all([sweep(), payCheckout(session)]);
      const project = await projectOf(projectId);
      const bid = (await bidsOf(projectId)).find((row) => row.id === bidId)!;
      const lapses = await lapsesOf(projectId);
      if (bid.status === 'paid') {
        expect(paid.statusCode).toBe(200);
        expect(project).toMatchObject({ status: 'in_progress', finisherId: w.cast.finisher.user.id });
        expect(lapses).toHaveLength(0);
      } else {
        expect(bid.status).toBe('lapsed');
        expect(project).toMatchObject({ status: 'open', finisherId: null });
        expect(lapses).toHaveLength(1);
        // Whatever the order, the deal never counts as paid once the bid lapsed.
        const view = (await w.cast.owner.api.get(`/api/projects/${projectId}`)).json();
        expect(view.isPaid).toBe(false);
        if (paid.statusCode !== 200) expect(paid.json()).toEqual({ code: 'INVALID_TRANSITION', message: lapsedRefusal });
      }
    }
    // After the lapse, an open checkout of the bid takes no money.
    const { bidId } = await w.acceptedDeal();
    const session = await openCheckout(bidId);
    w.clock.advance(7 * DAY_MS);
    await sweep();
    const late = await payCheckout(session);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'INVALID_TRANSITION', message: lapsedRefusal });
  });

  it('is armed at start for accepted, unpaid bids that have none, once, with a day of notice when already past', async () => {
    const { projectId } = await w.acceptedDeal();
    // As a bid accepted before the payment window existed: no timer.
    await deleteDealTimers(w.t.database.db, projectId);
    w.clock.advance(30 * DAY_MS);
    expect(await w.t.app.armPaymentWindows()).toBe(1);
    expect(await w.t.app.armPaymentWindows()).toBe(0);
    // The last reminder goes out now; the lapse comes a day later, not at once.
    await sweep();
    expect(await titlesOf(w.cast.owner.user.id, projectId)).toContain('Reminder');
    expect((await projectOf(projectId)).status).toBe('assigned');
    w.clock.advance(DAY_MS);
    await sweep();
    expect((await projectOf(projectId)).status).toBe('open');
    // A window that fired is not armed again.
    expect(await w.t.app.armPaymentWindows()).toBe(0);
  });
});
