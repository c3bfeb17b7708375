import { and, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';
import { paymentDeadline } from '#shared/domain/deal.js';
import { paidPaymentStatuses } from '#shared/domain/payment-status.js';
import { projectLifecycle } from '#shared/domain/project-lifecycle.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { sqlList } from '#server/db/sql-list.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import { type BidRow, bids } from '#server/db/schema/bids.js';
import { milestones } from '#server/db/schema/milestones.js';
import { payments } from '#server/db/schema/payments.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { type DealTimer, hasDealTimerSql, scheduleDeadline } from './deal-timers.js';

const DAY_MS = 86_400_000;

/**
 * The payment window (docs/decisions/037-deal-payment-window.md): an accepted bid left unpaid for
 * DEAL_PAYMENT_WINDOW lapses, and its project reopens for bids. The deadline and its reminders are
 * deal timers anchored at the bid's accepted_at, so they fire once across instances and restarts.
 */
export async function armPaymentWindow(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  deal: { projectId: number; acceptedAt: Date; notBefore?: Date },
): Promise<void> {
  const deadline = paymentDeadline(deal.acceptedAt, ctx.config.deal.paymentWindowMs).getTime();
  const notBefore = deal.notBefore?.getTime() ?? 0;
  const dueAt = new Date(Math.max(deadline, notBefore));
  // A deadline pushed to notBefore sends only the reminders from now on (the first of them at once).
  const remindAfter = notBefore > deadline ? new Date(notBefore - Math.min(...ctx.config.deal.remindersMs, DAY_MS) - 1) : undefined;
  await scheduleDeadline(tx, ctx, { kind: 'payment_due', projectId: deal.projectId, anchorAt: deal.acceptedAt, dueAt, remindAfter });
}

/**
 * The project's accepted bid, still unpaid, whose acceptance is the timer's anchor; or null when the
 * deal moved on (paid, cancelled, or another acceptance). The caller holds the project lock, which
 * the payment webhook takes first too, so a payment and the lapse never both apply.
 */
export async function unpaidAcceptedBidOf(tx: Tx, project: ProjectRow, timer: DealTimer): Promise<BidRow | null> {
  if (project.status !== 'assigned') return null;
  const [bid] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.projectId, project.id), eq(bids.status, 'accepted')))
    .limit(1);
  if (!bid?.acceptedAt || bid.acceptedAt.getTime() !== timer.anchorAt.getTime()) return null;
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bidId, bid.id), isNull(payments.changeOrderId), inArray(payments.status, [...paidPaymentStatuses])))
    .limit(1);
  return paid ? null : bid;
}

/**
 * The bid lapses: it ends as lapsed, the project reopens for bids without a finisher, the bids
 * turned down when it won are pending again so the owner can pick one, and the milestones planned
 * for it are removed (none was paid: nothing can be completed before the money is held).
 */
export async function lapseBid(tx: Tx, record: RecordEvent, project: ProjectRow, bid: BidRow, now: Date): Promise<void> {
  const bidTo = applyTransition(bidLifecycle, 'lapse', { from: bid.status, actor: 'system' });
  const projectTo = applyTransition(projectLifecycle, 'reopen', { from: project.status, actor: 'system' });
  await tx.update(bids).set({ status: bidTo, updatedAt: now }).where(eq(bids.id, bid.id));
  await tx.update(projects).set({ status: projectTo, finisherId: null, updatedAt: now }).where(eq(projects.id, project.id));
  const reconsidered = applyTransition(bidLifecycle, 'reconsider', { from: 'rejected', actor: 'system' });
  await tx
    .update(bids)
    .set({ status: reconsidered, updatedAt: now })
    .where(and(eq(bids.projectId, project.id), eq(bids.status, 'rejected')));
  await tx.delete(milestones).where(eq(milestones.projectId, project.id));
  await record({
    type: 'bid.lapsed',
    bidId: bid.id,
    amountCents: bid.amountCents,
    projectId: project.id,
    projectName: project.name,
    ownerId: project.submitterId,
    finisherId: bid.finisherId,
  });
}

/**
 * On start: arms the window of every accepted, unpaid bid that has none (bids accepted before the
 * window existed, or whose timer row was lost). A bid whose window already fired is left alone, so
 * starting twice arms nothing twice; a window already past fires at the next sweep, once.
 */
export async function armMissingPaymentWindows(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const missing = await tx
      .select({ projectId: bids.projectId, acceptedAt: bids.acceptedAt })
      .from(bids)
      .innerJoin(projects, eq(projects.id, bids.projectId))
      .where(
        and(
          eq(bids.status, 'accepted'),
          eq(projects.status, 'assigned'),
          isNotNull(bids.acceptedAt),
          sql`not exists (select 1 from ${payments} where ${payments.bidId} = ${bids.id} and ${payments.changeOrderId} is null and ${payments.status} in ${sqlList(paidPaymentStatuses)})`,
          not(hasDealTimerSql(bids.projectId, 'payment_due', bids.acceptedAt)),
        ),
      )
      .for('update', { of: bids, skipLocked: true });
    // A bid accepted before the window existed and already past it does not lapse unannounced: its
    // owner is reminded now and has the shortest reminder's notice (DEAL_REMINDERS, at most a day).
    const notBefore = new Date(ctx.clock.now().getTime() + Math.min(...ctx.config.deal.remindersMs, DAY_MS));
    for (const row of missing) await armPaymentWindow(tx, ctx, { projectId: row.projectId, acceptedAt: row.acceptedAt!, notBefore });
    return missing.length;
  });
}
