import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { OperatorJob, OperatorJobs } from '#shared/contracts/jobs.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { AppContext } from '#server/context.js';
import { type JobRow, jobs } from '#server/db/schema/jobs.js';
import { requireAccess } from '#server/domain/require-access.js';

/** Rows per list: the latest few are what an operator acts on; the counts tell the rest. */
const LIST_LIMIT = 20;

const viewOf =
  (maxAttempts: number) =>
  (row: JobRow): OperatorJob => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    state: row.state,
    dueAt: row.dueAt.toISOString(),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts ?? maxAttempts,
    lastError: row.lastError,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  });

/** GET /api/operator/jobs: operators only. Every count is served by a partial or the state index. */
export async function listJobs(ctx: AppContext, actor: UserRow): Promise<OperatorJobs> {
  requireAccess(actor, 'operate', null);
  const now = ctx.clock.now();
  const countWhere = async (where: ReturnType<typeof and>) => (await ctx.db.select({ n: count() }).from(jobs).where(where))[0]?.n ?? 0;
  const [due, scheduled, running, failed] = await Promise.all([
    countWhere(and(eq(jobs.state, 'due'), lte(jobs.dueAt, now))),
    countWhere(and(eq(jobs.state, 'due'), gt(jobs.dueAt, now))),
    countWhere(eq(jobs.state, 'running')),
    countWhere(eq(jobs.state, 'failed')),
  ]);
  const list = (state: JobRow['state'], order: ReturnType<typeof asc>) =>
    ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.state, state))
      .orderBy(order, sql`${jobs.id}`)
      .limit(LIST_LIMIT);
  const [upcomingRows, runningRows, failedRows] = await Promise.all([
    list('due', asc(jobs.dueAt)),
    list('running', asc(jobs.lockedUntil)),
    list('failed', desc(jobs.updatedAt)),
  ]);
  const view = viewOf(ctx.config.jobs.maxAttempts);
  return {
    counts: { due, scheduled, running, failed },
    upcoming: upcomingRows.map(view),
    running: runningRows.map(view),
    failed: failedRows.map(view),
  };
}
