import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '#server/db/schema/projects.js';
import { DAY_MS } from '#test/support/clock.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { dealTimerRows } from '#test/support/deal-timers.js';

// The timers are rows: several instances sweep them with one effect, and a restart forgets none.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

const statusOf = async (id: number) => (await w.t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!.status;

describe('the deal timers', () => {
  it('fire once when two instances sweep the same due timers', async () => {
    const deals = await Promise.all([w.paidDeal(), w.paidDeal(), w.paidDeal()]);
    for (const { projectId } of deals) await w.deliver(projectId);
    w.clock.advance(8 * DAY_MS);
    const other = await w.secondInstance();
    try {
      const transfersBefore = w.sandbox.ledger.transfers.size;
      const due = (await dealTimerRows(w.t.database.db)).filter((timer) => timer.firedAt === null && timer.dueAt <= w.clock.now());
      // 3 review windows with 2 reminders each, and 3 delivery reminders (a no-op: the work was delivered).
      expect(due).toHaveLength(12);
      const [a, b] = await Promise.all([w.t.app.sweepDealTimers(), other.sweepDealTimers()]);
      // Each due timer fired exactly once between the two.
      expect(a + b).toBe(12);
      for (const { projectId, bidId } of deals) {
        expect(await statusOf(projectId)).toBe('accepted');
        expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
        const reminders = (await w.notificationsOf(w.cast.owner.user.id, projectId)).filter((n) => n.title === 'Reminder');
        expect(reminders).toHaveLength(2);
      }
      expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore + 3);
    } finally {
      await other.close();
    }
  });

  it('fires a timer that came due while no instance ran, once, when an instance starts', async () => {
    const { projectId, bidId } = await w.paidDeal();
    await w.deliver(projectId);
    w.clock.advance(30 * DAY_MS);
    // A fresh instance that sweeps on its own (every hour) sweeps once as soon as it listens.
    const restarted = await w.secondInstance({ sweepIntervalMs: String(3_600_000) });
    try {
      await restarted.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => statusOf(projectId), { timeout: 5_000 }).toBe('accepted');
      await expect.poll(async () => (await w.paymentOf(bidId)).status, { timeout: 5_000 }).toBe('released');
    } finally {
      await restarted.close();
    }
    const pending = await dealTimerRows(w.t.database.db, projectId);
    expect(pending.filter((timer) => timer.kind !== 'delivery_due' && timer.kind !== 'delivery_reminder' && timer.firedAt === null)).toEqual([]);
    expect(await w.t.app.sweepDealTimers()).toBeGreaterThanOrEqual(0);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
  });
});
