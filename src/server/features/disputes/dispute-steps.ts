import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import {
  crossingAmount,
  type DisputeSettlement,
  type DisputeSide,
  type DisputeStage,
  type DisputeStep,
  disputeStepRefusal,
  splitDispute,
} from '#shared/domain/dispute.js';
import { formatMoney } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { lockProject } from '#server/db/project-locks.js';
import { dealCancellations, dealHistory, dealTimers } from '#server/db/schema/deal.js';
import { type DisputeRow, disputeOffers, disputes } from '#server/db/schema/disputes.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { addHistory, lockHeldPayment, unsettledCents } from '#server/features/deal/deal.service.js';
import { activeDisputeOf } from './disputes.service.js';
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

export const sideOf = (actorId: number, project: ProjectRow): DisputeSide => (actorId === project.submitterId ? 'owner' : 'finisher');

/** The dispute's status allows the step (the shared rule), or a 409 with its refusal. */
export function requireDisputeStep(step: DisputeStep, dispute: DisputeRow): void {
  const refusal = disputeStepRefusal(step, dispute.status);
  if (refusal !== null) throw new AppError('INVALID_TRANSITION', refusal);
}

export function requireAmountWithin(dispute: Pick<DisputeRow, 'disputedCents'>, amountCents: number): void {
  if (amountCents > dispute.disputedCents) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The amount must be between $0 and ${formatMoney(dispute.disputedCents, { showCents: true })}, the money in dispute`,
    );
  }
}

/** The deal's dispute (over its own payment), open or settled: there is at most one, a unique index says so. */
async function disputeOverPayment(tx: Pick<Tx, 'select'>, paymentId: number): Promise<DisputeRow | null> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/** Where the deal stands for rule 1, or null when a dispute cannot be opened now. */
async function stageOf(tx: Tx, project: ProjectRow): Promise<DisputeStage | null> {
  if (project.status === 'completed') return 'delivery_review';
  if (project.status === 'cancelled') {
    const [cancellation] = await tx.select().from(dealCancellations).where(eq(dealCancellations.projectId, project.id)).limit(1);
    return cancellation?.outcome === 'open' || cancellation?.outcome === 'objected' ? 'cancellation' : null;
  }
  if (project.status === 'in_progress' || project.status === 'assigned') {
    const [revision] = await tx
      .select({ id: dealHistory.id })
      .from(dealHistory)
      .where(and(eq(dealHistory.projectId, project.id), eq(dealHistory.kind, 'revision_request')))
      .limit(1);
    return revision ? 'revision' : null;
  }
  return null;
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
  side: DisputeSide,
  input: { reason: string; finisherAmountCents: number },
): Promise<number> {
  const payment = await lockHeldPayment(tx, project.id);
  // The money in dispute is what every held payment of the project has not settled: the deal's own and its change orders' (decision 034).
  const held = await lockHeldPayments(tx, project.id);
  const disputedCents = held.reduce((sum, p) => sum + unsettledCents(p), 0);
  if (!payment || disputedCents <= 0) throw new AppError('INVALID_TRANSITION', 'A dispute can only be opened while money is held for this project');
  if (held.some((p) => p.cardDisputeStatus === 'open')) {
    throw new AppError('INVALID_TRANSITION', "The payment is disputed with the card's bank; Finishline's operator handles it");
  }
  // A deal's dispute settles once (issue 26, item 10): after it, only the split it decided moves the money.
  if (await activeDisputeOf(tx, project.id)) throw new AppError('CONFLICT', 'A dispute is already open on this project');
  const earlier = await disputeOverPayment(tx, payment.id);
  if (earlier) throw new AppError('INVALID_TRANSITION', "This deal's dispute was settled; its decision is final");
  const stage = await stageOf(tx, project);
  if (!stage) {
    throw new AppError(
      'INVALID_TRANSITION',
      'A dispute can be opened while a delivery awaits review, after a revision request, or while a cancellation request is pending',
    );
  }
  requireAmountWithin({ disputedCents }, input.finisherAmountCents);
  const now = ctx.clock.now();
  const respondBy = new Date(now.getTime() + ctx.config.dispute.responseWindowMs);
  const negotiateBy = new Date(now.getTime() + ctx.config.dispute.negotiationWindowMs);
  const [dispute] = await tx
    .insert(disputes)
    .values({ projectId: project.id, paymentId: payment.id, openedBy: side, stage, reason: input.reason, disputedCents, openedAt: now, respondBy, negotiateBy })
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
  await tx.delete(dealTimers).where(and(eq(dealTimers.projectId, project.id), isNull(dealTimers.firedAt), notInArray(dealTimers.kind, [...disputeTimerKinds])));
  const reminders = ctx.config.deal.remindersMs
    .map((beforeMs) => new Date(respondBy.getTime() - beforeMs))
    .filter((at) => at.getTime() > now.getTime())
    .map((dueAt) => ({ kind: 'dispute_response_reminder' as const, projectId: project.id, anchorAt: now, dueAt, deadlineAt: respondBy }));
  await tx
    .insert(dealTimers)
    .values([
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
  await tx.delete(dealTimers).where(and(eq(dealTimers.projectId, projectId), isNull(dealTimers.firedAt), inArray(dealTimers.kind, [...kinds])));
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
