import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DealTimerKind } from '#shared/domain/deal.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { dealTimers } from '#server/db/schema/deal.js';

/** Each deadline and the reminders that come before it. */
const remindersOf = {
  review_due: 'review_reminder',
  milestone_review_due: 'milestone_review_reminder',
  delivery_due: 'delivery_reminder',
  cancellation_due: 'cancellation_reminder',
  payment_due: 'payment_reminder',
} as const satisfies Partial<Record<DealTimerKind, DealTimerKind>>;

export type DeadlineKind = keyof typeof remindersOf;

/**
 * Schedules a deadline and its reminders (DEAL_REMINDERS before it, those still ahead of the
 * anchor) as durable rows, in the caller's transaction: they commit with the change that calls for
 * them, and a restart forgets none of them.
 */
export async function scheduleDeadline(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  deadline: { kind: DeadlineKind; projectId: number; milestoneId?: number; anchorAt: Date; dueAt: Date; remindAfter?: Date },
): Promise<void> {
  const base = { projectId: deadline.projectId, milestoneId: deadline.milestoneId ?? null, anchorAt: deadline.anchorAt };
  // A moved deadline (a change order's extra days) sends only the reminders still ahead.
  const remindAfter = Math.max(deadline.anchorAt.getTime(), deadline.remindAfter?.getTime() ?? 0);
  const reminders = ctx.config.deal.remindersMs
    .map((beforeMs) => new Date(deadline.dueAt.getTime() - beforeMs))
    .filter((at) => at.getTime() > remindAfter)
    .map((at) => ({ ...base, kind: remindersOf[deadline.kind], dueAt: at, deadlineAt: deadline.dueAt }));
  await tx.insert(dealTimers).values([{ ...base, kind: deadline.kind, dueAt: deadline.dueAt }, ...reminders]);
}

/**
 * Drops the pending timers of a deadline (and its reminders) that a step made pointless: the
 * delivery was reviewed, the milestone was approved. A timer the sweeper is firing right now is
 * locked and skipped (no deadlock); its handler finds the deal moved on and does nothing.
 */
export async function cancelDeadline(tx: Tx, projectId: number, kind: DeadlineKind, milestoneId?: number): Promise<void> {
  const conditions: SQL[] = [
    eq(dealTimers.projectId, projectId),
    isNull(dealTimers.firedAt),
    inArray(dealTimers.kind, [kind, remindersOf[kind]]),
    ...(milestoneId === undefined ? [] : [eq(dealTimers.milestoneId, milestoneId)]),
  ];
  const pending = tx
    .select({ id: dealTimers.id })
    .from(dealTimers)
    .where(and(...conditions))
    .for('update', { skipLocked: true });
  await tx.delete(dealTimers).where(inArray(dealTimers.id, pending));
}
