import { and, desc, eq } from 'drizzle-orm';
import { dealTimerKinds } from '#shared/domain/deal.js';
import { disputeStageOf } from '#shared/domain/deal-machine.js';
import { crossingAmount, type DisputeSettlement, type DisputeSide, splitDispute } from '#shared/domain/dispute.js';
import { formatMoney } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { lockProject } from '#server/db/project-locks.js';
import { partySideOf, requireDealStep } from '#server/domain/deal-facts.js';
import { dealCancellations } from '#server/db/schema/deal.js';
import { type DisputeRow, disputeOffers, disputes } from '#server/db/schema/disputes.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { addHistory, dropDealTimers, lockHeldPayment, scheduleDealTimers, unsettledCents } from '#server/features/deal/deal.service.js';
import { lockHeldPayments } from '#server/features/payments/payments.service.js';

/**
 * The steps of a dispute (docs/decisions/029-disputes.md), each in the caller's transaction with
 * the project and the dispute locked, so two clicks, two instances or a timer firing meanwhile
 * take effect once: the second finds the dispute moved on and is refused (or does nothing).
 */

/** The dispute's own timers (the deal clock's others stop while it is open). */
const disputeTimerKinds = ['dispute_response_due', 'dispute_response_reminder', 'dispute_negotiation_due'] as const;

export const partiesOf = (project: ProjectRow) => ({
  projectId: project.id,
  projectName: project.name,
  ownerId: project.submitterId,
  finisherId: project.finisherId!,
});

/** The project's latest dispute, locked, with its project locked first (the order every step takes). */
export async function lockDispute(tx: Tx, disputeId: number): Promise<{ dispute: DisputeRow; project: ProjectRow }> {
  const [found] = await tx.select({ projectId: disputes.projectId }).from(disputes).where(eq(disputes.id, disputeId)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Dispute not found');
  const project = await lockProject(tx, found.projectId);
  const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update').limit(1);
  return { dispute: dispute!, project };
}

export function requireAmountWithin(dispute: Pick<DisputeRow, 'disputedCents'>, amountCents: number): void {
  if (amountCents > dispute.disputedCents) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The amount must be between $0 and ${formatMoney(dispute.disputedCents, { showCents: true })}, the money in dispute`,
    );
  }
}

/**
 * Opens a dispute (rule 1): money held, the deal in delivery review, after a revision request, or
 * in a pending cancellation. Freezes the deal clock: its pending timers are dropped, and the
 * dispute's own two (the other side's silence, the negotiation window) start.
 */
export async function openDisputeIn(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  project: ProjectRow,
  actor: UserRow,
  input: { reason: string; finisherAmountCents: number },
): Promise<number> {
  const side = partySideOf(actor, project);
  const payment = await lockHeldPayment(tx, project.id);
  // The money in dispute is what every held payment of the project has not settled: the deal's own and its change orders' (decision 034).
  const held = await lockHeldPayments(tx, project.id);
  const disputedCents = held.reduce((sum, p) => sum + unsettledCents(p), 0);
  // The machine: money held, no chargeback, no dispute open or settled before (a deal's dispute settles
  // once, issue 26, item 10), and the deal in review, revision or a pending cancellation (rule 1).
  const { facts } = await requireDealStep(ctx, tx, project, actor, 'open_dispute');
  const stage = disputeStageOf(facts)!;
  requireAmountWithin({ disputedCents }, input.finisherAmountCents);
  const now = ctx.clock.now();
  const respondBy = new Date(now.getTime() + ctx.config.dispute.responseWindowMs);
  const negotiateBy = new Date(now.getTime() + ctx.config.dispute.negotiationWindowMs);
  const [dispute] = await tx
    .insert(disputes)
    .values({
      projectId: project.id,
      paymentId: payment!.id,
      openedBy: side,
      stage,
      reason: input.reason,
      disputedCents,
      openedAt: now,
      respondBy,
      negotiateBy,
    })
    .returning({ id: disputes.id });
  const disputeId = dispute!.id;
  await tx.insert(disputeOffers).values({
    disputeId,
    side,
    userId: side === 'owner' ? project.submitterId : project.finisherId!,
    finisherAmountCents: input.finisherAmountCents,
    createdAt: now,
    // The opening mail tells of it: no digest repeats it.
    mailedAt: now,
  });
  // The deal clock stops: no acceptance by silence, no cancellation timing out, no reminders.
  await dropDealTimers(
    tx,
    project.id,
    dealTimerKinds.filter((kind) => !(disputeTimerKinds as readonly string[]).includes(kind)),
  );
  const reminders = ctx.config.deal.remindersMs
    .map((beforeMs) => new Date(respondBy.getTime() - beforeMs))
    .filter((at) => at.getTime() > now.getTime())
    .map((dueAt) => ({ kind: 'dispute_response_reminder' as const, projectId: project.id, anchorAt: now, dueAt, deadlineAt: respondBy }));
  await scheduleDealTimers(tx, [
    { kind: 'dispute_response_due', projectId: project.id, anchorAt: now, dueAt: respondBy },
    ...reminders,
    { kind: 'dispute_negotiation_due', projectId: project.id, anchorAt: now, dueAt: negotiateBy },
  ]);
  if (stage === 'cancellation') {
    await tx
      .update(dealCancellations)
      .set({ outcome: 'objected', respondedAt: now, objection: input.reason })
      .where(and(eq(dealCancellations.projectId, project.id), eq(dealCancellations.outcome, 'open')));
  }
  await addHistory(tx, { projectId: project.id, kind: 'dispute_opened', by: side, message: input.reason, amountCents: input.finisherAmountCents, at: now });
  await record({
    type: 'dispute.opened',
    disputeId,
    side,
    reason: input.reason,
    finisherAmountCents: input.finisherAmountCents,
    respondBy: respondBy.toISOString(),
    ...partiesOf(project),
  });
  return disputeId;
}

/** The other side's first step of any kind: its silence can no longer settle the dispute. */
export async function markResponded(tx: Tx, dispute: DisputeRow, side: DisputeSide, now: Date): Promise<void> {
  if (side === dispute.openedBy || dispute.respondedAt !== null) return;
  await tx.update(disputes).set({ respondedAt: now }).where(eq(disputes.id, dispute.id));
  await dropDisputeTimers(tx, dispute.projectId, ['dispute_response_due', 'dispute_response_reminder']);
}

async function dropDisputeTimers(tx: Tx, projectId: number, kinds: readonly (typeof disputeTimerKinds)[number][]): Promise<void> {
  await dropDealTimers(tx, projectId, kinds);
}

/** Each side's latest offer. */
export async function latestOffers(tx: Pick<Tx, 'select'>, disputeId: number) {
  const rows = await tx.select().from(disputeOffers).where(eq(disputeOffers.disputeId, disputeId)).orderBy(desc(disputeOffers.id));
  return { owner: rows.find((row) => row.side === 'owner') ?? null, finisher: rows.find((row) => row.side === 'finisher') ?? null };
}

/** Rule 3: after an offer, an owner's offer at or above the finisher's ask settles at the ask. */
export async function settleIfCrossed(ctx: AppContext, tx: Tx, record: RecordEvent, dispute: DisputeRow, project: ProjectRow): Promise<void> {
  const latest = await latestOffers(tx, dispute.id);
  const amount = crossingAmount(latest.owner?.finisherAmountCents ?? null, latest.finisher?.finisherAmountCents ?? null);
  if (amount !== null) await settleDisputeIn(ctx, tx, record, dispute, project, { settlement: 'crossed', finisherAmountCents: amount, by: 'system' });
}

/** Sends the dispute to the operator: a side asked (side), or the negotiation window ran out (null). */
export async function escalateIn(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  dispute: DisputeRow,
  project: ProjectRow,
  side: DisputeSide | null,
): Promise<void> {
  const now = ctx.clock.now();
  await tx.update(disputes).set({ status: 'with_operator', escalatedAt: now, escalatedBy: side }).where(eq(disputes.id, dispute.id));
  await dropDisputeTimers(tx, project.id, disputeTimerKinds);
  await addHistory(tx, { projectId: project.id, kind: 'dispute_escalated', by: side ?? 'system', at: now });
  await record({ type: 'dispute.escalated', disputeId: dispute.id, side, ...partiesOf(project) });
}

/**
 * Settles the dispute at the finisher's amount: the deal ends (completed when the finisher is paid
 * something, cancelled otherwise), and the payment settlement moves the money after the commit.
 */
export async function settleDisputeIn(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  dispute: DisputeRow,
  project: ProjectRow,
  outcome: { settlement: DisputeSettlement; finisherAmountCents: number; by: DisputeSide | 'system' | 'operator'; operatorId?: number; decision?: string },
): Promise<void> {
  const now = ctx.clock.now();
  const split = splitDispute(dispute.disputedCents, outcome.finisherAmountCents);
  await tx
    .update(disputes)
    .set({
      status: 'settled',
      settlement: outcome.settlement,
      finisherAmountCents: outcome.finisherAmountCents,
      settledAt: now,
      operatorId: outcome.operatorId ?? null,
      decision: outcome.decision ?? null,
    })
    .where(eq(disputes.id, dispute.id));
  await dropDisputeTimers(tx, project.id, disputeTimerKinds);
  if (project.status !== 'cancelled') {
    const paid = outcome.finisherAmountCents > 0;
    await tx
      .update(projects)
      .set({ status: paid ? 'accepted' : 'cancelled', ...(paid ? { acceptedAt: now } : {}), updatedAt: now })
      .where(eq(projects.id, project.id));
  }
  await addHistory(tx, {
    projectId: project.id,
    kind: 'dispute_settled',
    by: outcome.by,
    amountCents: outcome.finisherAmountCents,
    message: outcome.decision ?? null,
    at: now,
  });
  await record({
    type: 'dispute.settled',
    disputeId: dispute.id,
    settlement: outcome.settlement,
    finisherAmountCents: outcome.finisherAmountCents,
    refundCents: split.refundCents,
    decision: outcome.decision ?? null,
    ...partiesOf(project),
  });
}
