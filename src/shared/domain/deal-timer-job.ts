import type { DealTimerKind } from './deal.js';

/**
 * A deal timer is one kind of durable job (docs/decisions/042-durable-jobs.md): 'deal.<timer kind>',
 * about its project, with the moment it counts from in its payload. Its key names the project, the
 * milestone or party, the anchor and the due time, so scheduling the same timer twice leaves one
 * job, while a moved deadline or each reminder is a job of its own. Migration 0014 builds the same
 * keys from the deal_timers rows it moves.
 */
export interface DealTimerSpec {
  kind: DealTimerKind;
  projectId: number;
  milestoneId?: number | null;
  /** For a dispute digest: the party it mails. */
  party?: 'owner' | 'finisher' | null;
  anchorAt: Date;
  dueAt: Date;
  /** For a reminder: the deadline it reminds of; a deadline is its own. */
  deadlineAt?: Date | null;
}

export interface DealTimerPayload {
  projectId: number;
  milestoneId?: number;
  party?: 'owner' | 'finisher';
  /** ISO 8601. */
  anchorAt: string;
  /** ISO 8601: the deadline itself, which a retry's later due time does not move. */
  deadlineAt: string;
}

export const dealJobKindPrefix = 'deal.';
export const dealJobKind = (kind: DealTimerKind) => `${dealJobKindPrefix}${kind}`;
export const dealJobSubject = (projectId: number) => `project:${projectId}`;

export function dealTimerJob(timer: DealTimerSpec) {
  const payload: DealTimerPayload = {
    projectId: timer.projectId,
    ...(timer.milestoneId == null ? {} : { milestoneId: timer.milestoneId }),
    ...(timer.party == null ? {} : { party: timer.party }),
    anchorAt: timer.anchorAt.toISOString(),
    deadlineAt: (timer.deadlineAt ?? timer.dueAt).toISOString(),
  };
  const key = [
    `project:${timer.projectId}`,
    ...(payload.milestoneId === undefined ? [] : [`milestone:${payload.milestoneId}`]),
    ...(payload.party === undefined ? [] : [`party:${payload.party}`]),
    `anchor:${payload.anchorAt}`,
    `at:${timer.dueAt.toISOString()}`,
  ].join(':');
  return { kind: dealJobKind(timer.kind), key, subject: dealJobSubject(timer.projectId), dueAt: timer.dueAt, payload };
}

/** A deal timer as its handler reads it: a job of kind 'deal.<kind>' (docs/decisions/042-durable-jobs.md). */
export interface DealTimer {
  kind: DealTimerKind;
  projectId: number;
  milestoneId: number | null;
  party: 'owner' | 'finisher' | null;
  /** The moment the timer counts from; a timer whose anchor no longer matches the deal does nothing. */
  anchorAt: Date;
  /** For a reminder: the deadline it reminds of; for a deadline, itself. */
  deadlineAt: Date;
  dueAt: Date;
}
