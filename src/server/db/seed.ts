import { and, eq, isNull, sql } from 'drizzle-orm';
import { appendLedgerEntries, impliedMovements, type LedgerAppend } from '#server/domain/ledger.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { dollarsToCents, splitPayment } from '#shared/domain/money.js';
import { hashPassword } from '#server/plugins/passwords.js';
import type { Config } from '#server/config.js';
import type { Db, Tx } from './client.js';
import { DEMO_PASSWORD, type DemoProject, type DemoUsername, demoProjects, demoSavedSearches, demoUsers } from './seed-data.js';
import { savedSearches, savedSearchMatches } from '#server/db/schema/saved-searches.js';
import { notifications } from '#server/db/schema/notifications.js';
import { describeSavedSearch, savedSearchAlert } from '#shared/domain/saved-searches.js';
import { bids } from '#server/db/schema/bids.js';
import { dealCancellations, dealHistory } from '#server/db/schema/deal.js';
import { dealTimerJob } from '#shared/domain/deal-timer-job.js';
import { REVEAL_REVIEWS_JOB, reviewRevealDeadline, revealReviewsJobKey } from '#shared/domain/reviews.js';
import { enqueueJobs } from '#server/jobs/job-queue.js';
import { seedChangeOrder } from './seed-change-orders.js';
import { seedDemoConversation } from './seed-conversations.js';
import { seedDispute } from './seed-disputes.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import { seedHistory } from './seed-history.js';
import { type DemoRepositoryOptions, seedDemoRepositories } from './seed-repositories.js';
import { payments } from '#server/db/schema/payments.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { projectCriteria, statementsOfWork } from '#server/db/schema/scope.js';
import { reviews } from '#server/db/schema/reviews.js';
import { projectInvitations } from '#server/db/schema/invitations.js';

/** DEAL_INCLUDED_REVISIONS' default: the demo deals were agreed under it. */
const DEMO_INCLUDED_REVISIONS = 2;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const DEMO_DELIVERY = 'Waitlists, reminder emails and the teacher view are live on the staging site; the README lists how to test each.';

type DealClockSettings = Pick<Config['deal'], 'reviewWindowMs' | 'cancelResponseWindowMs' | 'remindersMs'>;

/**
 * On an empty database, fills in a small living marketplace so a newcomer has something to look at;
 * with `repositories`, the demo projects' repositories on the sandbox git host too.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  dealClock: DealClockSettings = defaultDealClock,
  repositories?: DemoRepositoryOptions,
  /** Where the demo conversation's file goes; without it the conversation has no file. */
  storage?: FileStorage,
): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        demoUsers.map((u, i) => ({
          ...u,
          skills: 'skills' in u ? [...u.skills] : [],
          languages: 'languages' in u ? [...u.languages] : [],
          frameworks: 'frameworks' in u ? [...u.frameworks] : [],
          passwordHash,
          // They joined before the year of history maya and devon have (seed-history.ts).
          createdAt: daysAgo(400 - i),
          // Demo people confirmed their addresses when they joined (decision 036); the operator must have.
          emailVerifiedAt: daysAgo(400 - i),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = (username: DemoUsername) => inserted.find((u) => u.username === username)!.id;
    // Every demo ledger entry, appended at the end in order of time: each year's receipts and
    // statements are then numbered in the order they were issued (decisions 064, 067).
    const ledger: LedgerAppend[] = [];

    for (const p of demoProjects) {
      const winning = p.bids.find((b) => b.status && (winningBidStatuses as readonly string[]).includes(b.status));
      const createdAt = daysAgo(p.ageDays);
      const [project] = await tx
        .insert(projects)
        .values({
          name: p.name,
          description: p.description,
          techStack: p.techStack,
          codeLink: `https://github.com/finishline-demo/${p.name.toLowerCase().replaceAll(' ', '-')}`,
          status: p.status,
          submitterId: idOf(p.owner),
          finisherId: winning ? idOf(winning.finisher) : null,
          budgetCents: dollarsToCents(p.budgetDollars),
          timeframe: p.timeframe,
          deliveryMessage: p.status === 'completed' || p.status === 'accepted' ? 'All requested features are done and documented in the README.' : null,
          completedAt: p.status === 'completed' || p.status === 'accepted' ? daysAgo(p.ageDays - 5) : null,
          acceptedAt: p.status === 'accepted' ? daysAgo(p.ageDays - 6) : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: projects.id, submitterId: projects.submitterId, acceptedAt: projects.acceptedAt });
      const criteria = p.criteria?.length
        ? await tx
            .insert(projectCriteria)
            .values(p.criteria.map((text, position) => ({ projectId: project!.id, text, position, createdAt })))
            .returning({ id: projectCriteria.id, text: projectCriteria.text })
        : [];
      for (const [index, b] of p.bids.entries()) {
        const criteriaAnswers = (b.answers ?? []).map((a, i) => ({ criterionId: criteria[i]!.id, answer: a.answer, ...(a.note ? { note: a.note } : {}) }));
        const bidCreatedAt = new Date(createdAt.getTime() + (index + 1) * 3_600_000);
        const [bid] = await tx
          .insert(bids)
          .values({
            projectId: project!.id,
            finisherId: idOf(b.finisher),
            amountCents: dollarsToCents(b.amount),
            timelineDays: b.timeline,
            message: b.message,
            status: b.status ?? 'pending',
            paymentIntentId: p.payment ? `pi_demo_${project!.id}` : null,
            criteriaAnswers,
            shortlistedAt: b.shortlisted ? bidCreatedAt : null,
            declineReason: b.declineReason ?? null,
            // When it was accepted: as it was placed, unless the demo says when (an unpaid one stays within its window).
            acceptedAt: b.acceptedDaysAgo !== undefined ? daysAgo(b.acceptedDaysAgo) : b === winning ? bidCreatedAt : null,
            createdAt: bidCreatedAt,
            updatedAt: bidCreatedAt,
          })
          .returning({ id: bids.id });
        // The winning bid's statement of work, frozen when it was accepted (here: as it was placed).
        if (b === winning && criteria.length > 0) {
          await tx.insert(statementsOfWork).values({
            projectId: project!.id,
            bidId: bid!.id,
            criteria: criteria.map((c) => {
              const answer = criteriaAnswers.find((a) => a.criterionId === c.id);
              return { id: c.id, text: c.text, answer: answer?.answer ?? null, note: answer?.note ?? null };
            }),
            amountCents: dollarsToCents(b.amount),
            timelineDays: b.timeline,
            includedRevisions: DEMO_INCLUDED_REVISIONS,
            message: b.message,
            frozenAt: bidCreatedAt,
          });
        }
        if (p.payment && b === winning) {
          const split = splitPayment(dollarsToCents(b.amount));
          const heldAt = p.deal ? daysAgo(p.deal.heldDaysAgo) : daysAgo(p.ageDays - 1);
          const [payment] = await tx
            .insert(payments)
            .values({
              heldAt,
              bidId: bid!.id,
              ...split,
              releasedCents: p.payment === 'released' ? split.developerAmountCents : 0,
              settledCents: p.payment === 'released' ? split.amountCents : 0,
              paymentIntentId: `pi_demo_${project!.id}`,
              transferId: p.payment === 'released' ? `tr_demo_${project!.id}` : null,
              transferGroup: `project_${project!.id}`,
              status: p.payment,
            })
            .returning();
          // Its ledger (decision 063): the money held, then what the release moved once the work was accepted.
          const [paid, ...moved] = impliedMovements(payment!);
          const parties = { projectId: project!.id, ownerId: project!.submitterId, finisherId: idOf(b.finisher) };
          ledger.push(
            { paymentId: payment!.id, parties, at: heldAt, movements: [paid!] },
            { paymentId: payment!.id, parties, at: project!.acceptedAt ?? heldAt, movements: moved },
          );
        }
      }
      // A lapsed bid's end, as the deal clock writes it: the payment window after its acceptance (decision 037).
      const lapsed = p.bids.find((b) => b.status === 'lapsed');
      if (lapsed?.acceptedDaysAgo !== undefined) {
        await tx.insert(dealHistory).values({
          projectId: project!.id,
          kind: 'payment_lapsed',
          by: 'system',
          amountCents: dollarsToCents(lapsed.amount),
          at: new Date(daysAgo(lapsed.acceptedDaysAgo).getTime() + 7 * DAY_MS),
        });
      }
      if (p.deal) await seedDealClock(tx, project!.id, p.deal, dealClock, p.dispute !== undefined);
      if (p.reviews && winning) await seedReviews(tx, project!.id, p.reviews, idOf(p.owner), idOf(winning.finisher));
      if (p.dispute) await seedDispute(tx, project!.id, p.dispute);
      if (p.changeOrder) ledger.push(...(await seedChangeOrder(tx, project!.id, p.changeOrder)));
      if (p.invitedFinishers?.length)
        await tx
          .insert(projectInvitations)
          .values(p.invitedFinishers.map((finisher) => ({ projectId: project!.id, finisherId: idOf(finisher), createdAt: daysAgo(1) })));
    }
    await seedSavedSearches(tx, idOf);
    ledger.push(...(await seedHistory(tx, { ownerId: idOf('maya'), finisherId: idOf('devon') })));
    await appendLedgerEntries(
      tx,
      ledger.toSorted((a, b) => a.at.getTime() - b.at.getTime()),
    );
  });
  // After the commit: git writes files, which a rolled-back transaction could not take back.
  await seedDemoConversation(db, storage);
  if (repositories) await seedDemoRepositories(db, repositories);
  return true;
}

/**
 * A demo deal's reviews. Both written: visible from the second on. One written: hidden (double-blind,
 * decision 059) until the other party writes theirs or the reveal job runs, 14 days (REVIEW_REVEAL_AFTER's
 * default) after the acceptance.
 */
async function seedReviews(tx: Tx, projectId: number, demo: NonNullable<DemoProject['reviews']>, ownerId: number, finisherId: number) {
  const reviewedAt = daysAgo(demo.daysAgo);
  const isBoth = demo.ofFinisher !== undefined && demo.ofOwner !== undefined;
  const revealedAt = isBoth ? reviewedAt : null;
  const rows = [
    demo.ofFinisher && { projectId, reviewerId: ownerId, revieweeId: finisherId, ...demo.ofFinisher, createdAt: reviewedAt, revealedAt },
    demo.ofOwner && { projectId, reviewerId: finisherId, revieweeId: ownerId, ...demo.ofOwner, createdAt: reviewedAt, revealedAt },
  ].filter((row) => row !== undefined);
  await tx.insert(reviews).values(rows);
  if (isBoth) return;
  const [project] = await tx.select({ acceptedAt: projects.acceptedAt }).from(projects).where(eq(projects.id, projectId));
  await enqueueJobs(tx, [
    {
      kind: REVEAL_REVIEWS_JOB,
      key: revealReviewsJobKey(projectId),
      subject: `project:${projectId}`,
      dueAt: reviewRevealDeadline(project!.acceptedAt!, 14 * DAY_MS),
      payload: { projectId },
    },
  ]);
}

/** The demo's saved searches, their matches and the alerts they gave (issue 30, item 3). */
async function seedSavedSearches(tx: Tx, idOf: (username: DemoUsername) => number) {
  for (const demo of demoSavedSearches) {
    const userId = idOf(demo.finisher);
    const [search] = await tx
      .insert(savedSearches)
      .values({
        userId,
        q: demo.q ?? null,
        // The stored query as the browse search resolves it (decision 060).
        query: demo.q ? sql`websearch_to_tsquery('english', ${demo.q})` : null,
        tech: demo.tech ?? [],
        minBudgetCents: demo.minBudgetDollars === undefined ? null : dollarsToCents(demo.minBudgetDollars),
        frequency: demo.frequency,
        createdAt: daysAgo(20),
      })
      .returning();
    for (const name of demo.matched) {
      const [project] = await tx.select(projectColumns).from(projects).where(eq(projects.name, name));
      await tx
        .insert(savedSearchMatches)
        .values({ savedSearchId: search!.id, projectId: project!.id, userId, createdAt: project!.createdAt, toldAt: project!.createdAt });
      const label = describeSavedSearch(search!);
      await tx.insert(notifications).values({
        userId,
        type: 'project',
        title: savedSearchAlert.title,
        content: savedSearchAlert.content(project!.name, project!.budgetCents, label),
        relatedId: project!.id,
        createdAt: project!.createdAt,
      });
    }
  }
}

/** The deal clock's defaults (config.ts), for a seeding without a configuration. */
const defaultDealClock = { reviewWindowMs: 7 * DAY_MS, cancelResponseWindowMs: 5 * DAY_MS, remindersMs: [3 * DAY_MS, DAY_MS] };

/**
 * A demo deal's history and pending deadlines, as the deal clock writes them (decision 027): a
 * delivery in its review window, an accepted delivery and its payout, or a cancellation waiting
 * for the finisher's answer.
 */
async function seedDealClock(tx: Tx, projectId: number, deal: NonNullable<DemoProject['deal']>, clock: DealClockSettings, isDisputed: boolean) {
  const heldAt = daysAgo(deal.heldDaysAgo);
  const [payment] = await tx
    .select({ amountCents: payments.amountCents, developerAmountCents: payments.developerAmountCents })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.projectId, projectId), isNull(payments.changeOrderId)));
  const history: (typeof dealHistory.$inferInsert)[] = [{ projectId, kind: 'payment_held', by: 'owner', amountCents: payment!.amountCents, at: heldAt }];
  const deadline = (kind: 'review_due' | 'cancellation_due', anchorAt: Date, windowMs: number) => {
    const dueAt = new Date(anchorAt.getTime() + windowMs);
    const reminderKind = kind === 'review_due' ? 'review_reminder' : 'cancellation_reminder';
    return [
      { projectId, kind, anchorAt, dueAt },
      ...clock.remindersMs.map(
        (beforeMs) => ({ projectId, kind: reminderKind, anchorAt, dueAt: new Date(dueAt.getTime() - beforeMs), deadlineAt: dueAt }) as const,
      ),
    ];
  };
  if (deal.deliveredDaysAgo !== undefined) {
    const deliveredAt = daysAgo(deal.deliveredDaysAgo);
    const deliveryMessage = deal.deliveryMessage ?? DEMO_DELIVERY;
    await tx.update(projects).set({ completedAt: deliveredAt, deliveryMessage }).where(eq(projects.id, projectId));
    history.push({ projectId, kind: 'delivery', by: 'finisher', message: deliveryMessage, at: deliveredAt });
    if (deal.acceptedDaysAgo !== undefined) {
      // Accepted: the payout went out with it (the payment row says released), and no window runs.
      const acceptedAt = daysAgo(deal.acceptedDaysAgo);
      await tx.update(projects).set({ acceptedAt }).where(eq(projects.id, projectId));
      history.push(
        { projectId, kind: 'acceptance', by: 'owner', at: acceptedAt },
        { projectId, kind: 'payout', by: 'system', amountCents: payment!.developerAmountCents, at: new Date(acceptedAt.getTime() + 60_000) },
      );
    } else if (!isDisputed) {
      // A dispute froze the clock: no review window runs.
      await enqueueJobs(tx, deadline('review_due', deliveredAt, clock.reviewWindowMs).map(dealTimerJob));
    }
  }
  if (deal.cancellationDaysAgo !== undefined) {
    const requestedAt = daysAgo(deal.cancellationDaysAgo);
    history.push({ projectId, kind: 'cancellation_request', by: 'owner', amountCents: payment!.amountCents, at: requestedAt });
    await tx
      .insert(dealCancellations)
      .values({ projectId, outcome: 'open', requestedAt, respondBy: new Date(requestedAt.getTime() + clock.cancelResponseWindowMs) });
    await enqueueJobs(tx, deadline('cancellation_due', requestedAt, clock.cancelResponseWindowMs).map(dealTimerJob));
  }
  await tx.insert(dealHistory).values(history);
}
