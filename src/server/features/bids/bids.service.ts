import { and, eq, ne } from 'drizzle-orm';
import type { Bid, BidWithProject, PlaceBidInput } from '#shared/contracts/bids.js';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { bidActorOf, isWinningBid, projectActorOf } from '#shared/domain/policies.js';
import { isOpenForBids, projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import { readDealStages } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { bids } from '#server/db/schema/bids.js';
import { projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { lockProject } from '#server/db/project-locks.js';
import { findProjectCriteria, freezeStatementOfWork } from '#server/features/scope/scope.service.js';
import { checkCriteriaAnswers } from './bids.answers.js';
import { findFinisherRecords } from './finisher-records.js';
import { findBidsOfFinisher, findBidsOfProject, findBidView, findBidWithProject } from './bids.queries.js';

export async function placeBid(ctx: AppContext, actor: UserRow, projectId: number, input: PlaceBidInput): Promise<Bid> {
  requireAccess(actor, 'bidAsFinisher', null);
  await ctx.rateLimits.bids.consume(actor.id);
  const bidId = await ctx.events.transaction(ctx.db, async (tx, record) => {
    // Bids on one project take turns: the insert's trigger adds one to projects.bid_count, which a
    // share lock held by two bidders at once would turn into a deadlock (migration 0022).
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'bidOnOthersProject', project);
    if (!isOpenForBids(project.status)) throw new AppError('INVALID_TRANSITION', 'This project is not open for bids');
    await refuseSecondBid(tx, projectId, actor.id);
    const criteriaAnswers = checkCriteriaAnswers(await findProjectCriteria(tx, projectId), input.criteriaAnswers);
    let inserted: { id: number } | undefined;
    try {
      [inserted] = await tx
        .insert(bids)
        .values({
          projectId,
          finisherId: actor.id,
          amountCents: dollarsToCents(input.amount),
          timelineDays: input.timeline,
          message: input.message,
          criteriaAnswers,
          includedRevisions: input.includedRevisions ?? null,
        })
        .returning({ id: bids.id });
    } catch (error) {
      if (uniqueViolation(error) === 'bids_project_finisher_key') throw new AppError('CONFLICT', 'You have already placed a bid on this project');
      throw error;
    }
    await record({
      type: 'bid.placed',
      bidId: inserted!.id,
      projectId,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: actor.id,
      finisherUsername: actor.username,
      amountCents: dollarsToCents(input.amount),
      timelineDays: input.timeline,
    });
    return inserted!.id;
  });
  return (await findBidView(ctx.db, bidId, actor, ctx.config.deal.includedRevisions))!;
}

/**
 * One bid per finisher and project, whatever became of it: a withdrawn bid is not placed again
 * (edit it while pending instead), and a declined finisher does not bid again (decision 033).
 */
async function refuseSecondBid(tx: Tx, projectId: number, finisherId: number): Promise<void> {
  const [earlier] = await tx
    .select({ status: bids.status })
    .from(bids)
    .where(and(eq(bids.projectId, projectId), eq(bids.finisherId, finisherId)))
    .limit(1);
  if (!earlier) return;
  if (earlier.status === 'withdrawn') throw new AppError('CONFLICT', 'You withdrew your bid on this project and cannot bid on it again');
  if (earlier.status === 'declined') throw new AppError('CONFLICT', 'The owner declined your bid on this project');
  // Two bids racing: the unique index refuses the second with the same words.
  throw new AppError('CONFLICT', 'You have already placed a bid on this project');
}

/**
 * The owner picks one pending bid: the project becomes assigned, every other pending bid is
 * rejected, and the statement of work is frozen from the criteria and the bid's terms (issue 18).
 */
export async function acceptBid(ctx: AppContext, actor: UserRow, bidId: number): Promise<Bid> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const [found] = await tx.select({ projectId: bids.projectId }).from(bids).where(eq(bids.id, bidId)).limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Bid not found');
    const project = await lockProject(tx, found.projectId);
    // Re-read under the project lock: a concurrent accept may have changed it.
    const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId)).limit(1);
    const bidTo = applyTransition(bidLifecycle, 'accept', { from: bid!.status, actor: bidActorOf(actor, project) });
    const projectTo = applyTransition(projectLifecycle, 'assign', { from: project.status, actor: projectActorOf(actor, project) });

    const now = new Date();
    // The payment window counts from here, on the deal clock's time (decision 037).
    await tx.update(bids).set({ status: bidTo, acceptedAt: ctx.clock.now(), updatedAt: now }).where(eq(bids.id, bidId));
    await tx.update(projects).set({ status: projectTo, finisherId: bid!.finisherId, updatedAt: now }).where(eq(projects.id, project.id));
    await freezeStatementOfWork(tx, project.id, bid!, ctx.config.deal.includedRevisions, ctx.clock.now());
    const rejected = await tx
      .update(bids)
      .set({ status: 'rejected', updatedAt: now })
      .where(and(eq(bids.projectId, project.id), eq(bids.status, 'pending'), ne(bids.id, bidId)))
      .returning({ id: bids.id, finisherId: bids.finisherId });

    await record({ type: 'bid.accepted', bidId, projectId: project.id, projectName: project.name, ownerId: actor.id, finisherId: bid!.finisherId });
    for (const other of rejected) {
      await record({ type: 'bid.rejected', bidId: other.id, projectId: project.id, projectName: project.name, finisherId: other.finisherId });
    }
  });
  return (await findBidView(ctx.db, bidId, actor, ctx.config.deal.includedRevisions))!;
}

export async function getBid(ctx: AppContext, viewer: UserRow, bidId: number): Promise<BidWithProject> {
  const found = await findBidWithProject(ctx.db, bidId, viewer, ctx.config.deal.includedRevisions);
  if (!found) throw new AppError('NOT_FOUND', 'Bid not found');
  requireAccess(viewer, 'readBid', { project: { submitterId: found.submitterId }, bid: { finisherId: found.finisherId } });
  return found.bid;
}

/** A finisher's own bids; the bid that won a project he is assigned to carries its deal's stage. */
export async function listBidsOfUser(ctx: AppContext, actor: UserRow, userId: number): Promise<BidWithProject[]> {
  requireAccess(actor, 'readOwnBids', userId);
  const { bids: own, assignedProjects } = await findBidsOfFinisher(ctx.db, actor, ctx.config.deal.includedRevisions);
  const stages = await readDealStages(ctx, ctx.db, assignedProjects);
  return own.map((bid) => {
    const stage = isWinningBid(bid) ? stages.get(bid.projectId) : undefined;
    return stage ? { ...bid, project: { ...bid.project, dealStage: stage } } : bid;
  });
}

/** A project's bids as `viewer` may see them; the project page (features/projects) reads them through here. */
export function listBidsOfProject(ctx: Pick<AppContext, 'db' | 'config'>, projectId: number, viewer: UserRow | null): Promise<Bid[]> {
  return findBidsOfProject(ctx.db, projectId, viewer, ctx.config.deal);
}

/**
 * One finisher's completed deals and on-time rate (issue 18, item 9; decision 052), as the bid card
 * counts them: the trust record (issue 30, item 7) reads the same numbers.
 */
export async function finisherDealRecord(ctx: Pick<AppContext, 'db' | 'config'>, finisher: { id: number; createdAt: Date }) {
  const records = await findFinisherRecords(ctx.db, [finisher], ctx.config.deal.deliveryGraceMs);
  const record = records.get(finisher.id)!;
  return { completedProjects: record.completedProjects, onTimeRate: record.onTimeRate };
}
