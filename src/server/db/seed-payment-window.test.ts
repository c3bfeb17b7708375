import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { madePaymentStatuses } from '#shared/domain/payment-status.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { seedDemoDataIfEmpty } from './seed.js';
import { bids } from './schema/bids.js';
import { dealHistory } from './schema/deal.js';
import { payments } from './schema/payments.js';
import { projects } from './schema/projects.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Decision 037: every demo deal accepted and unpaid is within its payment window, and one project
// shows a bid that lapsed, open for bids again.
it('seeds unpaid deals within the payment window, and a project whose accepted bid lapsed', async () => {
  expect(await seedDemoDataIfEmpty(t.database.db)).toBe(true);
  const db = t.database.db;
  const now = Date.now();
  const winners = await db
    .select({ bid: bids, project: projects, payment: payments.status })
    .from(bids)
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .leftJoin(payments, eq(payments.bidId, bids.id))
    .where(inArray(bids.status, [...winningBidStatuses]));
  for (const { bid, project, payment } of winners) {
    expect(bid.acceptedAt).not.toBeNull();
    // Paid (held, released, or refunded by a cancellation): not waiting for a payment.
    if (payment && (madePaymentStatuses as readonly string[]).includes(payment)) continue;
    // Unpaid: nothing delivered or accepted, and accepted within the window.
    expect(project.status).toBe('assigned');
    expect(now - bid.acceptedAt!.getTime()).toBeLessThan(t.config.deal.paymentWindowMs);
  }
  const [lapsed] = await db.select().from(bids).where(eq(bids.status, 'lapsed'));
  const [project] = await db.select().from(projects).where(eq(projects.id, lapsed!.projectId));
  expect(project).toMatchObject({ name: 'Expense splitter for flatmates', status: 'open', finisherId: null });
  expect(await db.$count(bids, and(eq(bids.projectId, project!.id), eq(bids.status, 'pending')))).toBe(1);
  expect(await db.$count(dealHistory, and(eq(dealHistory.projectId, project!.id), eq(dealHistory.kind, 'payment_lapsed')))).toBe(1);
  // At start the unpaid demo deal gets its window, and nothing lapses before it.
  expect(await t.app.armPaymentWindows()).toBe(1);
  expect(await t.app.sweepDealTimers()).toBe(0);
});
