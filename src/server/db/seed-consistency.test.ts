import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitText } from '#server/integrations/repositories/git-cli.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { DEMO_PASSWORD, demoSavedSearches } from './seed-data.js';
import { savedSearches, savedSearchMatches } from './schema/saved-searches.js';
import { seedDemoDataIfEmpty } from './seed.js';
import { bids } from './schema/bids.js';
import { dealHistory } from './schema/deal.js';
import { payments } from './schema/payments.js';
import { projects } from './schema/projects.js';
import { repositories } from './schema/repositories.js';
import { repositoryAccess } from './schema/repository-deals.js';
import { reviews } from './schema/reviews.js';
import { users } from './schema/users.js';
import { jobs } from './schema/jobs.js';
import { REVEAL_REVIEWS_JOB, revealReviewsJobKey } from '#shared/domain/reviews.js';
import { findLedgerDiscrepancies } from '#server/features/ledger/reconciliation.js';
import { documents } from './schema/documents.js';
import { attachments } from './schema/attachments.js';
import { conversationChannels, messageEdits, messages } from './schema/conversations.js';
import { DEMO_CONVERSATION_PROJECT } from './seed-conversations.js';
import { createDiskStorage } from '#server/integrations/storage/disk-storage.js';
import { ledgerEntries } from './schema/ledger.js';

// Issue 28, item 17: the demo tells one story. A deal marked complete has the history that made it
// so, and a finisher's record on a bid card agrees with the rows it is counted from.

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-seed-'));
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoDataIfEmpty(t.database.db, undefined, { dataDir, publicUrl: 'http://localhost:5000' }, createDiskStorage(dataDir))).toBe(true);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const historyOf = async (projectId: number) =>
  t.database.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId)).orderBy(dealHistory.at, dealHistory.id);

/** The payment of the project's bid (not of a change order), if any. */
async function dealPaymentOf(projectId: number) {
  const [row] = await t.database.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.projectId, projectId), isNull(payments.changeOrderId)));
  return row?.payment;
}

/** Every payment of the project: its own and its change orders'. */
async function paymentsOf(projectId: number) {
  const rows = await t.database.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(eq(bids.projectId, projectId));
  return rows.map((row) => row.payment);
}

describe('the demo data', () => {
  it('gives every completed deal its payment, delivery, acceptance and payout, in that order, and its reviews after', async () => {
    const completed = await t.database.db.select().from(projects).where(isNotNull(projects.acceptedAt));
    expect(completed.length).toBeGreaterThan(0);
    for (const project of completed) {
      const history = await historyOf(project.id);
      const kinds = history.map((entry) => entry.kind);
      // The last payout is the acceptance's: a staged deal's milestones were paid out before the delivery.
      const order = ['payment_held', 'delivery', 'acceptance'].map((kind) => kinds.indexOf(kind as (typeof kinds)[number]));
      order.push(kinds.lastIndexOf('payout'));
      expect(
        order.every((index) => index >= 0),
        `${project.name}: ${kinds.join(', ')}`,
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      const payment = await dealPaymentOf(project.id);
      expect(payment, project.name).toMatchObject({ status: 'released', releasedCents: payment!.developerAmountCents });
      // Every payout of the deal: its milestones', the acceptance's and its change orders' money.
      const paidOut = history.filter((entry) => entry.kind === 'payout').reduce((sum, entry) => sum + (entry.amountCents ?? 0), 0);
      const released = (await paymentsOf(project.id)).reduce((sum, p) => sum + p.releasedCents, 0);
      expect(paidOut, project.name).toBe(released);
      expect(project.completedAt!.getTime()).toBe(history.find((entry) => entry.kind === 'delivery')!.at.getTime());
      expect(project.acceptedAt!.getTime()).toBe(history.find((entry) => entry.kind === 'acceptance')!.at.getTime());
      for (const review of await t.database.db.select().from(reviews).where(eq(reviews.projectId, project.id)))
        expect(review.createdAt.getTime()).toBeGreaterThan(project.acceptedAt!.getTime());
    }
  });

  it('records the holding of every paid deal, and the delivery of every delivered one', async () => {
    for (const project of await t.database.db.select().from(projects)) {
      const payment = await dealPaymentOf(project.id);
      const history = await historyOf(project.id);
      if (payment && payment.status !== 'pending') {
        const held = history.find((entry) => entry.kind === 'payment_held');
        expect(held, `${project.name} has no payment_held`).toMatchObject({ amountCents: payment.amountCents });
        // The seed reads the clock once per row: the two times agree to the second.
        expect(Math.abs(held!.at.getTime() - payment.heldAt!.getTime()), project.name).toBeLessThan(1_000);
      } else {
        expect(
          history.filter((entry) => entry.kind === 'payment_held'),
          project.name,
        ).toEqual([]);
      }
      if (project.completedAt)
        expect(
          history.some((entry) => entry.kind === 'delivery'),
          `${project.name} has no delivery`,
        ).toBe(true);
      if (history.some((entry) => entry.kind === 'delivery')) expect(project.completedAt, project.name).not.toBeNull();
    }
  });

  it('keeps a review written by one party alone hidden, with its reveal job due 14 days after the acceptance', async () => {
    const db = t.database.db;
    const hidden = await db.select().from(reviews).where(isNull(reviews.revealedAt));
    expect(hidden.length).toBeGreaterThan(0);
    for (const review of hidden) {
      const [project] = await db.select().from(projects).where(eq(projects.id, review.projectId));
      expect(await db.$count(reviews, eq(reviews.projectId, review.projectId)), project!.name).toBe(1);
      const [job] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, REVEAL_REVIEWS_JOB), eq(jobs.key, revealReviewsJobKey(review.projectId))));
      expect(job?.dueAt.getTime(), project!.name).toBe(project!.acceptedAt!.getTime() + 14 * 86_400_000);
    }
  });

  it('shows each finisher a record that agrees with their rows: completed deals, reviews, and an on-time rate only with completed deals', async () => {
    const db = t.database.db;
    const finishers = await db.select().from(users).where(eq(users.role, 'finisher'));
    for (const finisher of finishers) {
      const [bid] = await db
        .select({ projectId: bids.projectId, ownerId: projects.submitterId })
        .from(bids)
        .innerJoin(projects, eq(projects.id, bids.projectId))
        .where(eq(bids.finisherId, finisher.id))
        .limit(1);
      if (!bid) continue;
      const [owner] = await db.select().from(users).where(eq(users.id, bid.ownerId));
      const asOwner = client(t.app, await signIn(t.app, owner!.email, DEMO_PASSWORD));
      const detail = (await asOwner.get(`/api/projects/${bid.projectId}`)).json();
      const record = detail.bids.find((b: { finisherId: number }) => b.finisherId === finisher.id).finisherRecord;

      const completedDeals = await db.$count(projects, and(eq(projects.finisherId, finisher.id), isNotNull(projects.acceptedAt)));
      expect(record.completedProjects, finisher.username).toBe(completedDeals);
      // Hidden reviews (double-blind, decision 059) count once revealed.
      expect(record.reviewCount, finisher.username).toBe(await db.$count(reviews, and(eq(reviews.revieweeId, finisher.id), isNotNull(reviews.revealedAt))));
      expect(record.onTimeRate === null, `${finisher.username}: ${completedDeals} completed, on time ${record.onTimeRate}`).toBe(completedDeals === 0);
    }
  });

  it('gives three demo projects a sandbox repository with a head commit, the same every time, and the paid deal its access after payment_held', async () => {
    const db = t.database.db;
    const rows = await db
      .select({
        id: repositories.id,
        fullName: repositories.fullName,
        isPrivate: repositories.isPrivate,
        headSha: repositories.headSha,
        project: projects.name,
        projectId: projects.id,
      })
      .from(repositories)
      .innerJoin(projects, eq(projects.repositoryId, repositories.id))
      .orderBy(repositories.id);
    expect(rows.map((row) => [row.fullName, row.isPrivate, row.project])).toEqual([
      ['jonas/invoice-generator', false, 'Invoice generator SaaS'],
      ['priya/bakery-inventory', true, 'Inventory tracker for a bakery'],
      ['jonas/ticketing-backend', false, 'Event ticketing backend'],
    ]);
    for (const row of rows) {
      const gitDir = path.join(dataDir, 'git', 'repositories', `${row.id}.git`);
      expect(await gitText(['rev-parse', 'refs/heads/main'], { gitDir }), row.fullName).toBe(row.headSha);
    }
    // Fixed files, authors and dates: the demo's commit ids never change (no clock in them).
    expect(rows.map((row) => row.headSha)).toEqual([
      '8117f12a749be892af8a1330b4b45140f29ce5c0',
      '6374d9fda306999ac8e4c272b8290b69299dbfe9',
      '29bab248de33014aeb97d5c4418a67c3ee1dc966',
    ]);
    const ticketing = rows[2]!;
    const [access] = await db.select().from(repositoryAccess).where(eq(repositoryAccess.projectId, ticketing.projectId));
    expect(access).toMatchObject({ repositoryId: ticketing.id, status: 'granted' });
    const kinds = (await historyOf(ticketing.projectId)).map((entry) => entry.kind);
    expect(kinds.indexOf('repository_access_granted')).toBeGreaterThan(kinds.indexOf('payment_held'));
  });

  it('gives lena saved searches whose alerts match their demo projects by the matching rule', async () => {
    const lena = await signIn(t.app, 'lena@demo.finishline.dev', DEMO_PASSWORD);
    const api = client(t.app, lena);
    const me = (await api.get('/api/user')).json() as { id: number };
    const searches = (await api.get(`/api/users/${me.id}/saved-searches`)).json() as { id: number; matchCount: number }[];
    expect(searches.map((s) => s.matchCount)).toEqual(
      demoSavedSearches
        .filter((s) => s.finisher === 'lena')
        .map((s) => s.matched.length)
        .reverse(),
    );
    for (const search of await t.database.db.select().from(savedSearches)) {
      for (const match of await t.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id))) {
        const [project] = await t.database.db.select().from(projects).where(eq(projects.id, match.projectId));
        expect(search.tech.length === 0 || search.tech.some((tech) => project!.techStack.includes(tech)), project!.name).toBe(true);
        expect(search.minBudgetCents === null || (project!.budgetCents ?? 0) >= search.minBudgetCents, project!.name).toBe(true);
        if (search.query !== null) {
          const result: unknown = await t.database.db.execute(
            sql`select to_tsvector('english', ${project!.name} || ' ' || ${project!.description}) @@ ${search.query}::tsquery as hit`,
          );
          expect((result as { rows: { hit: boolean }[] }).rows[0]!.hit, project!.name).toBe(true);
        }
      }
    }
  });

  it('shows matching at work: jonas invited devon, who lists Go, to bid on the chat widget, and his page suggests devon as invited', async () => {
    const jonas = client(t.app, await signIn(t.app, 'jonas@demo.finishline.dev', DEMO_PASSWORD));
    const [chat] = await t.database.db.select().from(projects).where(eq(projects.name, 'Chat widget for support'));
    const invitations = (await jonas.get(`/api/projects/${chat!.id}/invitations`)).json() as { developer: { username: string }; status: string }[];
    expect(invitations.map((i) => [i.developer.username, i.status])).toEqual([['devon', 'open']]);
    const suggested = (await jonas.get(`/api/projects/${chat!.id}/suggested-finishers`)).json() as { username: string; matchedSkills: string[] }[];
    expect(suggested.map((s) => [s.username, s.matchedSkills])).toEqual([['devon', ['Go']]]);
    const devon = client(t.app, await signIn(t.app, 'devon@demo.finishline.dev', DEMO_PASSWORD));
    const [devonRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'devon'));
    const own = (await devon.get(`/api/users/${devonRow!.id}/invitations`)).json() as { project: { name: string } }[];
    expect(own.map((i) => i.project.name)).toEqual(['Chat widget for support']);
  });

  // Issue 31, "Done when": a year of history for one owner and one finisher.
  it('keeps a ledger that reconciles, with a year of maya and devon paying and being paid, each year numbered from 0001 without gaps', async () => {
    const db = t.database.db;
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
    const kinds = new Set((await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries)).map((e) => e.kind));
    for (const kind of ['payment_held', 'milestone_release', 'final_release', 'platform_fee', 'refund', 'change_order_payment'] as const)
      expect(kinds.has(kind), kind).toBe(true);

    const all = await db.select().from(documents).orderBy(documents.series, documents.year, documents.sequence);
    // Gapless per series and year, and in the order of issue.
    const bySeriesYear = new Map<string, typeof all>();
    for (const d of all) bySeriesYear.set(`${d.series}-${d.year}`, [...(bySeriesYear.get(`${d.series}-${d.year}`) ?? []), d]);
    for (const [key, rows] of bySeriesYear) {
      expect(
        rows.map((d) => d.sequence),
        key,
      ).toEqual(rows.map((_, i) => i + 1));
      expect(
        rows.every((d, i) => i === 0 || (d.issuedAt >= rows[i - 1]!.issuedAt && d.number === `${key}-${String(d.sequence).padStart(4, '0')}`)),
        key,
      ).toBe(true);
      expect(
        rows.every((d) => d.issuedAt.getUTCFullYear() === d.year),
        key,
      ).toBe(true);
    }
    const DAY = 86_400_000;
    for (const [username, kind] of [
      ['maya', 'receipt'],
      ['devon', 'payout_statement'],
    ] as const) {
      const [user] = await db.select().from(users).where(eq(users.username, username));
      const own = all.filter((d) => d.userId === user!.id && d.kind === kind).map((d) => d.issuedAt.getTime());
      const months = new Set(own.map((time) => new Date(time).toISOString().slice(0, 7)));
      expect(Date.now() - Math.min(...own), username).toBeGreaterThan(330 * DAY);
      expect(Date.now() - Math.max(...own), username).toBeLessThan(60 * DAY);
      expect(months.size, username).toBeGreaterThanOrEqual(10);
    }
  });

  it('shows devon earnings and maya spending in most of the last 12 months', async () => {
    for (const [email, figure] of [
      ['devon@demo.finishline.dev', 'releasedCents'],
      ['maya@demo.finishline.dev', 'paidCents'],
    ] as const) {
      const api = client(t.app, await signIn(t.app, email, DEMO_PASSWORD));
      const me = (await api.get('/api/user')).json() as { id: number };
      const earnings = (await api.get(`/api/users/${me.id}/earnings`)).json() as { months: Record<string, number>[]; totals: Record<string, number> };
      expect(earnings.months, email).toHaveLength(12);
      expect(earnings.months.filter((m) => m[figure]! > 0).length, email).toBeGreaterThanOrEqual(9);
    }
    const maya = client(t.app, await signIn(t.app, 'maya@demo.finishline.dev', DEMO_PASSWORD));
    const me = (await maya.get('/api/user')).json() as { id: number };
    const spending = (await maya.get(`/api/users/${me.id}/earnings`)).json() as { totals: { refundedCents: number } };
    expect(spending.totals.refundedCents).toBeGreaterThan(0);
  });
});

describe('the demo conversation (issue 32)', () => {
  it("is the deal's: maya and devon, read marks, an edit kept, and devon's file stored and unread", async () => {
    const db = t.database.db;
    const [channel] = await db
      .select({ channel: conversationChannels, projectName: projects.name, finisherId: projects.finisherId })
      .from(conversationChannels)
      .innerJoin(projects, eq(projects.id, conversationChannels.projectId));
    expect(channel!.projectName).toBe(DEMO_CONVERSATION_PROJECT);
    expect(channel!.channel.developerId).toBe(channel!.finisherId);
    const rows = await db.select().from(messages).orderBy(messages.createdAt);
    expect(rows.filter((m) => m.readAt === null).map((m) => m.senderId)).toEqual([channel!.finisherId]);
    expect(await db.$count(messageEdits)).toBe(1);
    const [file] = await db.select().from(attachments);
    expect(rows.at(-1)!.attachments).toEqual([{ id: file!.id, name: 'test-plan.txt', size: file!.size, kind: 'text' }]);
    expect(readFileSync(path.join(dataDir, 'uploads', file!.storageKey), 'utf8')).toContain('how to test the delivery');
    // Every message is before the delivery it leads to.
    const [project] = await db.select({ completedAt: projects.completedAt }).from(projects).where(eq(projects.name, DEMO_CONVERSATION_PROJECT));
    for (const m of rows) expect(m.createdAt.getTime()).toBeLessThanOrEqual(project!.completedAt!.getTime());
  });
});
