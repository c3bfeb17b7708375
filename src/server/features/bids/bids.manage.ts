import { eq } from 'drizzle-orm';
import type { Bid, DeclineBidBody, EditBidInput, ShortlistBidBody } from '#shared/contracts/bids.js';
import { bidLifecycle, type BidAction } from '#shared/domain/bid-lifecycle.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { bidActorOf } from '#shared/domain/policies.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { findProjectCriteria } from '#server/features/scope/scope.service.js';
import { lockProject } from '#server/db/project-locks.js';
import { type BidRow, bids } from '#server/db/schema/bids.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { checkCriteriaAnswers } from './bids.answers.js';
import { findBidView } from './bids.queries.js';

/**
 * Bids people can manage (issue 18, items 7 and 8). Each step locks the bid's project first, as
 * accepting does, so a withdraw racing an accept, or two clicks, take effect once: the second
 * sees the status the first left and is refused by the bid lifecycle.
 */
async function onLockedBid(
  ctx: AppContext,
  actor: UserRow,
  bidId: number,
  action: BidAction,
  work: (step: { tx: Tx; record: RecordEvent; bid: BidRow; project: ProjectRow; to: BidRow['status'] }) => Promise<void>,
): Promise<Bid> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const [found] = await tx.select({ projectId: bids.projectId }).from(bids).where(eq(bids.id, bidId)).limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Bid not found');
    const project = await lockProject(tx, found.projectId);
    const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId)).limit(1);
    const to = applyTransition(bidLifecycle, action, { from: bid!.status, actor: bidActorOf(actor, project, bid) });
    await work({ tx, record, bid: bid!, project, to });
  });
  return (await findBidView(ctx.db, bidId, actor, ctx.config.deal.includedRevisions))!;
}

/** The bid's finisher changes its terms while it is pending and the project takes bids; the owner is told what changed. */
export function editBid(ctx: AppContext, actor: UserRow, bidId: number, input: EditBidInput): Promise<Bid> {
  return onLockedBid(ctx, actor, bidId, 'edit', async ({ tx, record, bid, project }) => {
    if (!isOpenForBids(project.status)) throw new AppError('INVALID_TRANSITION', 'This project is not open for bids: its bids can no longer be changed');
    const changes: string[] = [];
    const set: Partial<BidRow> = {};
    if (input.amount !== undefined && dollarsToCents(input.amount) !== bid.amountCents) {
      set.amountCents = dollarsToCents(input.amount);
      changes.push('amount');
    }
    if (input.timeline !== undefined && input.timeline !== bid.timelineDays) {
      set.timelineDays = input.timeline;
      changes.push('timeline');
    }
    if (input.message !== undefined && input.message !== bid.message) {
      set.message = input.message;
      changes.push('message');
    }
    if (input.criteriaAnswers !== undefined) {
      const answers = checkCriteriaAnswers(await findProjectCriteria(tx, project.id), input.criteriaAnswers);
      if (JSON.stringify(answers) !== JSON.stringify(bid.criteriaAnswers)) {
        set.criteriaAnswers = answers;
        changes.push('criteria answers');
      }
    }
    if (input.includedRevisions !== undefined && input.includedRevisions !== bid.includedRevisions) {
      set.includedRevisions = input.includedRevisions;
      changes.push('included revisions');
    }
    // The same terms sent twice (a double click) change nothing and tell nobody.
    if (changes.length === 0) return;
    await tx
      .update(bids)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(bids.id, bid.id));
    await record({
      type: 'bid.edited',
      bidId: bid.id,
      projectId: project.id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: bid.finisherId,
      finisherUsername: actor.username,
      changes,
    });
  });
}

/** The bid's finisher takes back a pending bid: it can no longer be accepted; the owner is told. */
export function withdrawBid(ctx: AppContext, actor: UserRow, bidId: number): Promise<Bid> {
  return onLockedBid(ctx, actor, bidId, 'withdraw', async ({ tx, record, bid, project, to }) => {
    await tx.update(bids).set({ status: to, shortlistedAt: null, updatedAt: new Date() }).where(eq(bids.id, bid.id));
    await record({
      type: 'bid.withdrawn',
      bidId: bid.id,
      projectId: project.id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: bid.finisherId,
      finisherUsername: actor.username,
    });
  });
}

/** The owner declines a pending bid, saying why if they like; its finisher is told. */
export function declineBid(ctx: AppContext, actor: UserRow, bidId: number, input: DeclineBidBody): Promise<Bid> {
  return onLockedBid(ctx, actor, bidId, 'decline', async ({ tx, record, bid, project, to }) => {
    const reason = input.reason?.trim() || null;
    await tx.update(bids).set({ status: to, declineReason: reason, shortlistedAt: null, updatedAt: new Date() }).where(eq(bids.id, bid.id));
    await record({
      type: 'bid.declined',
      bidId: bid.id,
      projectId: project.id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: bid.finisherId,
      reason,
    });
  });
}

/** The owner puts a pending bid on their shortlist (listed first) or takes it off; nobody is notified. */
export function shortlistBid(ctx: AppContext, actor: UserRow, bidId: number, input: ShortlistBidBody): Promise<Bid> {
  return onLockedBid(ctx, actor, bidId, 'shortlist', async ({ tx, bid }) => {
    const on = input.shortlisted ?? true;
    // Already so: keep the first moment it was shortlisted.
    if (on === (bid.shortlistedAt !== null)) return;
    await tx
      .update(bids)
      .set({ shortlistedAt: on ? new Date() : null })
      .where(eq(bids.id, bid.id));
  });
}
