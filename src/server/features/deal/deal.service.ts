import { desc, eq } from 'drizzle-orm';
import type { Deal } from '#shared/contracts/deal.js';
import type { DealAction } from '#shared/domain/deal-machine.js';
import type { AppContext } from '#server/context.js';
import { deliveryDueAtOf, requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { Tx } from '#server/db/client.js';
import { lockProject } from '#server/db/project-locks.js';
import { dealCancellations } from '#server/db/schema/deal.js';
import { disputes } from '#server/db/schema/disputes.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { DomainEvents, RecordEvent } from '#server/events/domain-events.js';
import { addHistory } from './deal-history.js';
import { lockHeldCents, lockHeldPayment } from './deal-money.js';
import { hasDelivery } from './deal-timer-jobs.js';
import { scheduleDeadline } from './deal-timers.js';
import { findDeal } from './deal-view.js';

export { registerDealClock } from './deal-schedule.js';
export { dealTimerJobKinds } from './deal-timer-jobs.js';
export { armMissingPaymentWindows } from './payment-window.js';
export { dealRecordOf } from './deal-record.js';
// What disputes use of the deal: its history and its held money.
export { addHistory, toHistoryEntry } from './deal-history.js';
export { lockHeldPayment, unsettledCents } from './deal-money.js';
export { dropDealTimers, findDealTimers, scheduleDealTimers } from './deal-timers.js';

/** The deal's part in other features' steps, in their transaction (decision 045); app.ts registers it. */
export function registerDealHandlers(events: DomainEvents, ctx: AppContext): void {
  events.onRecord('project.cancelled', async (e, tx, record) => settleCancellation(ctx, tx, record, await lockProject(tx, e.projectId)));
}

/** GET /api/projects/{id}/deal: the owner and the assigned finisher only. */
export function getDeal(ctx: AppContext, actor: UserRow, projectId: number): Promise<Deal> {
  return findDeal(ctx, actor, projectId);
}

/**
 * What cancelling a project does to its money, decided in the cancelling transaction (the caller
 * holds the project lock and has set the status):
 * - work already accepted: nothing moves; the payout stays with the finisher;
 * - nothing held (before payment): nothing to settle, and a payment that still arrives is refunded;
 * - held, past the delivery deadline with nothing delivered: the unsettled remainder is refunded at once;
 * - otherwise the finisher is asked, with DEAL_CANCEL_RESPONSE_WINDOW to answer; silence refunds.
 */
export async function settleCancellation(ctx: AppContext, tx: Tx, record: RecordEvent, project: ProjectRow): Promise<void> {
  if (project.finisherId === null) return;
  const now = ctx.clock.now();
  const parties = { projectId: project.id, projectName: project.name, ownerId: project.submitterId, finisherId: project.finisherId };
  const insert = (values: Omit<typeof dealCancellations.$inferInsert, 'projectId' | 'requestedAt'>) =>
    tx.insert(dealCancellations).values({ projectId: project.id, requestedAt: now, ...values });

  if (project.acceptedAt !== null) {
    await insert({ outcome: 'none' });
    await addHistory(tx, { projectId: project.id, kind: 'cancelled_after_acceptance', by: 'owner', at: now });
    return;
  }
  const payment = await lockHeldPayment(tx, project.id);
  if (!payment) {
    await insert({ outcome: 'refund' });
    await addHistory(tx, { projectId: project.id, kind: 'cancelled_before_payment', by: 'owner', at: now });
    return;
  }
  const refundCents = await lockHeldCents(tx, project.id);
  const dueAt = await deliveryDueAtOf(ctx, tx, project.id, payment);
  if (now.getTime() > dueAt.getTime() && !(await hasDelivery(tx, project.id))) {
    await insert({ outcome: 'refund', respondedAt: now });
    await record({ type: 'cancellation.refunding', refundCents, ...parties });
    return;
  }
  const respondBy = new Date(now.getTime() + ctx.config.deal.cancelResponseWindowMs);
  await insert({ outcome: 'open', respondBy });
  await scheduleDeadline(tx, ctx, { kind: 'cancellation_due', projectId: project.id, anchorAt: now, dueAt: respondBy });
  await record({ type: 'cancellation.requested', respondBy: respondBy.toISOString(), refundCents, ...parties });
}

/** The assigned finisher's answer to an open cancellation request, in the project's lock. */
async function answerCancellation(
  ctx: AppContext,
  actor: UserRow,
  projectId: number,
  action: Extract<DealAction, 'agree_to_cancellation' | 'object_to_cancellation'>,
  answer: (tx: Tx, record: RecordEvent, project: ProjectRow, cancellationId: number, now: Date) => Promise<void>,
): Promise<Deal> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'answerCancellation', project);
    const [cancellation] = await tx.select().from(dealCancellations).where(eq(dealCancellations.projectId, projectId)).for('update').limit(1);
    await requireDealStep(ctx, tx, project, actor, action);
    await answer(tx, record, project, cancellation!.id, ctx.clock.now());
  });
  return findDeal(ctx, actor, projectId);
}

const partiesOf = (project: ProjectRow) => ({
  projectId: project.id,
  projectName: project.name,
  ownerId: project.submitterId,
  finisherId: project.finisherId!,
});

/** The finisher agrees: the unsettled remainder goes back to the owner (after commit). */
export function agreeToCancellation(ctx: AppContext, actor: UserRow, projectId: number): Promise<Deal> {
  return answerCancellation(ctx, actor, projectId, 'agree_to_cancellation', async (tx, record, project, cancellationId, now) => {
    await tx.update(dealCancellations).set({ outcome: 'agreed', respondedAt: now }).where(eq(dealCancellations.id, cancellationId));
    await record({ type: 'cancellation.agreed', refundCents: await lockHeldCents(tx, projectId), ...partiesOf(project) });
  });
}

/**
 * The finisher objects with a reason: the money stays held and a dispute opens (issue 15, rule 1),
 * proposing the amount the finisher asks for (all of the remainder unless said); the owner's
 * silence until the dispute's respondBy settles it at that amount, which her notice says.
 */
export function objectToCancellation(
  ctx: AppContext,
  actor: UserRow,
  projectId: number,
  input: { reason: string; finisherAmountCents?: number },
): Promise<Deal> {
  return answerCancellation(ctx, actor, projectId, 'object_to_cancellation', async (tx, record, project) => {
    const payment = await lockHeldPayment(tx, projectId);
    const heldCents = payment ? await lockHeldCents(tx, projectId) : 0;
    let claim: { finisherAmountCents: number; disputedCents: number; respondBy: string } | null = null;
    if (payment && heldCents > 0) {
      const finisherAmountCents = input.finisherAmountCents ?? heldCents;
      // disputes opens it in this transaction, from its handler (decision 045: disputes imports the deal).
      await record({ type: 'cancellation.dispute_requested', projectId, actorId: actor.id, reason: input.reason, finisherAmountCents });
      const [dispute] = await tx
        .select({ respondBy: disputes.respondBy, disputedCents: disputes.disputedCents })
        .from(disputes)
        .where(eq(disputes.projectId, projectId))
        .orderBy(desc(disputes.id))
        .limit(1);
      claim = { finisherAmountCents, disputedCents: dispute!.disputedCents, respondBy: dispute!.respondBy.toISOString() };
    } else {
      await tx
        .update(dealCancellations)
        .set({ outcome: 'objected', respondedAt: ctx.clock.now(), objection: input.reason })
        .where(eq(dealCancellations.projectId, projectId));
    }
    ctx.log.warn({ projectId, finisherId: actor.id, heldCents, operator: true }, 'a finisher objected to a cancellation: the money stays held in a dispute');
    await record({ type: 'cancellation.objected', reason: input.reason, heldCents, claim, ...partiesOf(project) });
  });
}
