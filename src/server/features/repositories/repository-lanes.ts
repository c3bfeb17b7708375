import { INTAKE_JOB_KIND } from '#shared/domain/repository-report.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { runAfterCommit } from '#server/events/domain-events.js';

/**
 * The repositories' jobs run in their own lane (job-queue.ts): an intake may take a minute, and the
 * deal clock's timers must not wait behind it.
 */
export const REPOSITORY_LANE = 'repositories';

export const INTAKE_KIND = INTAKE_JOB_KIND;
export const SYNC_ACCESS_KIND = 'repositories.sync_access';
export const REFRESH_PULL_REQUEST_KIND = 'repositories.refresh_pull_request';
export const POST_CHECK_KIND = 'repositories.post_check';

export interface IntakePayload {
  repositoryId: number;
  trigger: 'connect' | 'push' | 'refresh' | 'seed';
}

/** Runs the repositories lane now, once the caller's transaction commits (or at once outside one). */
export function nudgeRepositoryJobs(ctx: AppContext, tx?: DbOrTx): void {
  if (tx && runAfterCommit(tx, () => ctx.jobs.nudge(REPOSITORY_LANE))) return;
  ctx.jobs.nudge(REPOSITORY_LANE);
}
