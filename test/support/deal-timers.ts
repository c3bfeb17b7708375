import { and, eq, like } from 'drizzle-orm';
import { type DealTimerPayload, dealJobKindPrefix, dealJobSubject } from '#shared/domain/deal-timer-job.js';
import type { DealTimerKind } from '#shared/domain/deal.js';
import type { Db } from '#server/db/client.js';
import { jobs } from '#server/db/schema/jobs.js';

/**
 * The deal timers as the tests read them, from the jobs they are (decision 042): one row per timer
 * with the fields the deal_timers rows had; fired means its job is done.
 */
export async function dealTimerRows(db: Db, projectId?: number) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(like(jobs.kind, `${dealJobKindPrefix}%`), projectId === undefined ? undefined : eq(jobs.subject, dealJobSubject(projectId))))
    .orderBy(jobs.dueAt, jobs.id);
  return rows.map((job) => {
    const payload = job.payload as unknown as DealTimerPayload;
    return {
      id: job.id,
      kind: job.kind.slice(dealJobKindPrefix.length) as DealTimerKind,
      projectId: payload.projectId,
      milestoneId: payload.milestoneId ?? null,
      dueAt: job.dueAt,
      firedAt: job.state === 'done' ? job.finishedAt : null,
    };
  });
}

/** Deletes a project's deal timers, as if they had never been scheduled. */
export async function deleteDealTimers(db: Db, projectId: number): Promise<void> {
  await db.delete(jobs).where(and(like(jobs.kind, `${dealJobKindPrefix}%`), eq(jobs.subject, dealJobSubject(projectId))));
}
