import { and, eq, sql } from 'drizzle-orm';
import { skipLedgerReconciliation } from '#test/support/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createProject, createUser } from '#test/support/factories.js';
import { splitPayment } from '#shared/domain/money.js';
import { projectIsCompletedDeal, qualified as q } from '#server/db/paid.js';
import { ratingOf } from '#server/db/ratings.js';
import { bids } from '#server/db/schema/bids.js';
import { developerRecords } from '#server/db/schema/developer-records.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { reviews } from '#server/db/schema/reviews.js';

// The records follow payment rows this file writes and changes by hand, with no ledger behind them.
skipLedgerReconciliation('payment rows are written by hand to test the developer records');
import { users } from '#server/db/schema/users.js';

// developer_records (decision 066): kept by triggers in the transaction that changes a fact, and
// always what counting every review and deal from scratch gives (ratingOf, projectIsCompletedDeal).

let t: TestApp;
let ownerId: number;
let finisherId: number;
let otherId: number;

/** Every user's kept record beside the same figures counted from scratch, the way the directory used to. */
async function keptAndRecounted() {
  const rating = ratingOf(users.id);
  const fromScratch = await t.database.db
    .select({
      userId: users.id,
      average: rating.average,
      reviewCount: rating.count,
      // Inside a select list drizzle leaves columns bare: the subquery names its tables.
      completedDeals: sql<number>`(select count(*)::int from ${projects} where ${q(projects.finisherId)} = ${q(users.id)} and ${projectIsCompletedDeal(projects)})`,
      hourlyRate: users.hourlyRate,
    })
    .from(users)
    .orderBy(users.id);
  const kept = await t.database.db.select().from(developerRecords).orderBy(developerRecords.userId);
  return {
    kept: kept.map((row) => ({
      userId: row.userId,
      average: row.reviewCount === 0 ? null : row.averageRating,
      reviewCount: row.reviewCount,
      completedDeals: row.completedDeals,
      hourlyRate: row.hourlyRate,
    })),
    fromScratch,
  };
}

async function expectRecord(userId: number, expected: { reviewCount: number; average: string | null; completedDeals: number }) {
  const { kept, fromScratch } = await keptAndRecounted();
  expect(kept).toEqual(fromScratch);
  const row = kept.find((record) => record.userId === userId)!;
  expect({ reviewCount: row.reviewCount, average: row.average === null ? null : Number(row.average), completedDeals: row.completedDeals }).toEqual({
    ...expected,
    average: expected.average === null ? null : Number(expected.average),
  });
}

/** Accepted work with its winning bid; the payment is added by the test. */
async function acceptedWork(finisher: number) {
  const project = await createProject(t.database.db, { submitterId: ownerId, finisherId: finisher, status: 'completed' });
  const [bid] = await t.database.db
    .insert(bids)
    .values({ projectId: project.id, finisherId: finisher, amountCents: 40_000, timelineDays: 4, message: 'Done in four days.', status: 'paid' })
    .returning();
  return { project, bid: bid! };
}

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database.db, { username: 'owner' })).id;
  finisherId = (await createUser(t.database.db, { username: 'fin', role: 'finisher', hourlyRate: 40 })).id;
  otherId = (await createUser(t.database.db, { username: 'other', role: 'finisher' })).id;
});
afterAll(() => t.close());

describe('developer_records', () => {
  it('starts empty for a new user and follows the hourly rate', async () => {
    await expectRecord(finisherId, { reviewCount: 0, average: null, completedDeals: 0 });
    await t.database.db.update(users).set({ hourlyRate: 55 }).where(eq(users.id, finisherId));
    const [row] = await t.database.db.select().from(developerRecords).where(eq(developerRecords.userId, finisherId));
    expect(row!.hourlyRate).toBe(55);
  });

  it('counts a review once it is revealed, and its stars exactly as avg() does', async () => {
    const project = await createProject(t.database.db, { submitterId: ownerId, finisherId, acceptedAt: new Date() });
    const [hidden] = await t.database.db.insert(reviews).values({ projectId: project.id, reviewerId: ownerId, revieweeId: finisherId, rating: 4 }).returning();
    await expectRecord(finisherId, { reviewCount: 0, average: null, completedDeals: 0 });
    // Changed while hidden: still nothing.
    await t.database.db.update(reviews).set({ rating: 5 }).where(eq(reviews.id, hidden!.id));
    await expectRecord(finisherId, { reviewCount: 0, average: null, completedDeals: 0 });
    await t.database.db.update(reviews).set({ revealedAt: new Date() }).where(eq(reviews.id, hidden!.id));
    await expectRecord(finisherId, { reviewCount: 1, average: '5', completedDeals: 0 });
    // Two more, revealed together in one statement (the reveal job's way): 5, 4, 4.
    for (const rating of [4, 4]) {
      const other = await createProject(t.database.db, { submitterId: ownerId, finisherId, acceptedAt: new Date() });
      await t.database.db.insert(reviews).values({ projectId: other.id, reviewerId: ownerId, revieweeId: finisherId, rating });
    }
    await t.database.db
      .update(reviews)
      .set({ revealedAt: new Date() })
      .where(and(eq(reviews.revieweeId, finisherId), sql`${reviews.revealedAt} is null`));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 0 });
    // The finisher's review of the owner is the owner's record.
    await t.database.db.insert(reviews).values({ projectId: project.id, reviewerId: finisherId, revieweeId: ownerId, rating: 3, revealedAt: new Date() });
    await expectRecord(ownerId, { reviewCount: 1, average: '3', completedDeals: 0 });
  });

  it('counts a deal once the work is accepted and paid, and takes it back on a refund', async () => {
    const { project, bid } = await acceptedWork(finisherId);
    const [payment] = await t.database.db
      .insert(payments)
      .values({ bidId: bid.id, ...splitPayment(40_000), status: 'held', heldAt: new Date() })
      .returning();
    // Paid, not yet accepted.
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 0 });
    await t.database.db.update(projects).set({ acceptedAt: new Date(), status: 'accepted' }).where(eq(projects.id, project.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 1 });
    await t.database.db.update(payments).set({ status: 'released' }).where(eq(payments.id, payment!.id));
    await t.database.db.update(bids).set({ status: 'completed' }).where(eq(bids.id, bid.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 1 });
    await t.database.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment!.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 0 });
  });

  it('follows the winning bid, the project changing hands and a deleted project', async () => {
    const { project, bid } = await acceptedWork(finisherId);
    await t.database.db.update(projects).set({ acceptedAt: new Date() }).where(eq(projects.id, project.id));
    await t.database.db.insert(payments).values({ bidId: bid.id, ...splitPayment(40_000), status: 'held', heldAt: new Date() });
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 1 });
    await t.database.db.update(bids).set({ status: 'lapsed' }).where(eq(bids.id, bid.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 0 });
    await t.database.db.update(bids).set({ status: 'paid' }).where(eq(bids.id, bid.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 1 });
    await t.database.db.update(projects).set({ finisherId: otherId }).where(eq(projects.id, project.id));
    await expectRecord(finisherId, { reviewCount: 3, average: '4.3333333333333333', completedDeals: 0 });
    await expectRecord(otherId, { reviewCount: 0, average: null, completedDeals: 1 });
    await t.database.db.delete(payments).where(eq(payments.bidId, bid.id));
    await t.database.db.delete(projects).where(eq(projects.id, project.id));
    await expectRecord(otherId, { reviewCount: 0, average: null, completedDeals: 0 });
  });

  it('drops a deleted review from the record', async () => {
    await t.database.db.delete(reviews).where(and(eq(reviews.revieweeId, finisherId), eq(reviews.rating, 5)));
    await expectRecord(finisherId, { reviewCount: 2, average: '4', completedDeals: 0 });
  });
});
