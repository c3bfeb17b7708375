import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type DealTimer,
  type DealTimerPayload,
  type DealTimerSpec,
  dealJobKind,
  dealJobKindPrefix,
  dealJobSubject,
  dealTimerJob,
} from '#shared/domain/deal-timer-job.js';
import type { DealTimerKind } from '#shared/domain/deal.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import { jobs } from '#server/db/schema/jobs.js';
import { cancelJobs, enqueueJobs, findJobs, type Job, type JobFilter, pendingJobStates } from '#server/jobs/job-queue.js';

/** Each deadline and the reminders that come before it. */
const remindersOf = {
  review_due: 'review_reminder',
  milestone_review_due: 'milestone_review_reminder',
  delivery_due: 'delivery_reminder',
  cancellation_due: 'cancellation_reminder',
  payment_due: 'payment_reminder',
} as const satisfies Partial<Record<DealTimerKind, DealTimerKind>>;

export type DeadlineKind = keyof typeof remindersOf;

export type { DealTimer };

export function dealTimerOf(job: Job<DealTimerPayload>): DealTimer {
  const { payload } = job;
  return {
    kind: job.kind.slice(dealJobKindPrefix.length) as DealTimerKind,
    projectId: payload.projectId,
    milestoneId: payload.milestoneId ?? null,
    party: payload.party ?? null,
    anchorAt: new Date(payload.anchorAt),
    deadlineAt: new Date(payload.deadlineAt),
    dueAt: job.dueAt,
  };
}

/** Schedules deal timers as durable jobs in the caller's transaction: they commit with the change that calls for them. */
export async function scheduleDealTimers(tx: DbOrTx, timers: readonly DealTimerSpec[]): Promise<void> {
  await enqueueJobs(tx, timers.map(dealTimerJob));
}

/**
 * Schedules a deadline and its reminders (DEAL_REMINDERS before it, those still ahead of the
 * anchor), in the caller's transaction: they commit with the change that calls for them, and a
 * restart forgets none of them.
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
  await scheduleDealTimers(tx, [{ ...base, kind: deadline.kind, dueAt: deadline.dueAt }, ...reminders]);
}

/** Drops a project's pending timers of these kinds (of one milestone or party when given). */
export async function dropDealTimers(
  tx: Tx,
  projectId: number,
  kinds: readonly DealTimerKind[],
  match: { milestoneId?: number; party?: 'owner' | 'finisher' } = {},
): Promise<void> {
  await cancelJobs(tx, dealTimerFilter(projectId, kinds, match));
}

/**
 * Drops the pending timers of a deadline (and its reminders) that a step made pointless: the
 * delivery was reviewed, the milestone was approved. A timer being fired right now is locked and
 * skipped (no deadlock); its handler finds the deal moved on and does nothing.
 */
export async function cancelDeadline(tx: Tx, projectId: number, kind: DeadlineKind, milestoneId?: number): Promise<void> {
  await dropDealTimers(tx, projectId, [kind, remindersOf[kind]], milestoneId === undefined ? {} : { milestoneId });
}

function dealTimerFilter(projectId: number, kinds: readonly DealTimerKind[], match: Record<string, string | number>): Omit<JobFilter, 'states'> {
  return { subject: dealJobSubject(projectId), kinds: kinds.map(dealJobKind), ...(Object.keys(match).length ? { match } : {}) };
}

/** A project's timers of these kinds, pending or (`fired`) done, earliest due first. */
export async function findDealTimers(
  tx: Pick<DbOrTx, 'select'>,
  projectId: number,
  kinds: readonly DealTimerKind[],
  options: { fired: boolean; match?: { milestoneId?: number; party?: 'owner' | 'finisher' } },
) {
  return findJobs<DealTimerPayload>(tx, { ...dealTimerFilter(projectId, kinds, options.match ?? {}), states: options.fired ? ['done'] : pendingJobStates });
}

/** SQL: the project has a timer of this kind anchored at `anchorAt`, pending or fired (start-up checks use it). */
export function hasDealTimerSql(projectId: SQLWrapper, kind: DealTimerKind, anchorAt: SQLWrapper): SQL {
  return sql`exists (select 1 from ${jobs} where ${jobs.subject} = 'project:' || ${projectId} and ${jobs.kind} = ${dealJobKind(kind)} and (${jobs.payload} ->> 'anchorAt')::timestamptz = ${anchorAt})`;
}
