import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { JobState } from '#shared/domain/jobs.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import { type JobRow, jobs } from '#server/db/schema/jobs.js';
import type { RecordEvent } from '#server/events/domain-events.js';

/**
 * The durable job queue (docs/decisions/042-durable-jobs.md). A feature defines a kind of job with
 * its handler, enqueues jobs in the transaction of the change that calls for them (they commit with
 * it, and a restart forgets none), and may cancel the ones a later change made pointless. The
 * runner (job-runner.ts) runs each once across instances.
 */

export type Job<P = unknown> = Omit<JobRow, 'payload'> & { payload: P };

/** What a handler gets: the job, what its prepare phase answered, and the transaction its effect and the job's completion commit in. */
export interface JobRun<P, R = undefined> {
  ctx: AppContext;
  tx: Tx;
  record: RecordEvent;
  job: Job<P>;
  /** The clock's time when the run began. */
  now: Date;
  /** What the kind's prepare phase answered (undefined for a kind without one). */
  prepared: R;
}

/** The slow part of a job, outside any transaction: network calls, a child process. */
export interface JobPrepare<P> {
  ctx: AppContext;
  job: Job<P>;
  /** Aborted when the job's lease runs out: its result would be fenced off anyway. */
  signal: AbortSignal;
}

export interface JobKindOptions<P = unknown, R = undefined> {
  /** Claims before the job is failed; JOB_MAX_ATTEMPTS unless said. */
  maxAttempts?: number;
  /**
   * Which runner claims it: each lane runs one job at a time per instance, so a slow lane (a
   * repository's intake) never holds up another (the deal clock). 'default' unless said.
   */
  lane?: string;
  /**
   * Runs after the claim and before the handler's transaction, holding no transaction or connection
   * (PGlite has one; PostgreSQL ends a transaction idle for 30 s). Throwing retries the job, as the
   * handler's throwing does; the handler's fencing check still decides whether anything is written.
   */
  prepare?(prepare: JobPrepare<P>): Promise<R>;
}

export interface JobKind<P = unknown, R = unknown> {
  kind: string;
  options: JobKindOptions<P, R>;
  /** The handler. It throws to have the job retried with backoff; its writes then roll back. */
  run(run: JobRun<P, R>): Promise<void>;
}

/** A kind of job and its handler; hand it to the runner (app.ts) so instances claim it. */
export function defineJobKind<P = unknown, R = undefined>(
  kind: string,
  handler: (run: JobRun<P, R>) => Promise<void>,
  options: JobKindOptions<P, R> = {},
): JobKind<P, R> {
  return { kind, options, run: handler };
}

/** The lane a kind runs in. */
export const laneOf = (kind: Pick<JobKind, 'options'>) => kind.options.lane ?? 'default';

export interface NewJob<P = Record<string, unknown>> {
  kind: string;
  /** Unique per kind: enqueueing a job whose kind and key exist (in any state) does nothing. */
  key: string;
  dueAt: Date;
  payload: P;
  /** What the job is about ('project:42'), to find and cancel the jobs of one thing. */
  subject?: string;
  maxAttempts?: number;
}

/** Enqueues jobs in the caller's transaction; answers how many were new (the others existed). */
export async function enqueueJobs(tx: DbOrTx, list: readonly NewJob<object>[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        key: job.key,
        subject: job.subject ?? null,
        payload: job.payload as Record<string, unknown>,
        dueAt: job.dueAt,
        maxAttempts: job.maxAttempts ?? null,
      })),
    )
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id });
  return rows.length;
}

/** Enqueues one job, idempotently: answers whether it was new. */
export async function enqueueJob(tx: DbOrTx, job: NewJob<object>): Promise<boolean> {
  return (await enqueueJobs(tx, [job])) === 1;
}

/** Which jobs of a subject: of these kinds, whose payload contains `match` (jsonb @>). */
export interface JobFilter {
  subject: string;
  kinds?: readonly string[];
  match?: Record<string, string | number>;
  states?: readonly JobState[];
}

export function jobFilter(filter: JobFilter): SQL {
  return and(
    sql`${jobs.subject} = ${filter.subject}`,
    filter.kinds ? inArray(jobs.kind, [...filter.kinds]) : undefined,
    filter.match ? sql`${jobs.payload} @> ${JSON.stringify(filter.match)}::jsonb` : undefined,
    filter.states ? inArray(jobs.state, [...filter.states]) : undefined,
  )!;
}

/** Jobs not finished yet: waiting, or claimed by an instance. */
export const pendingJobStates = ['due', 'running'] as const satisfies readonly JobState[];

/**
 * Drops the pending jobs a change made pointless. One a runner is running right now is locked and
 * skipped (no deadlock); its handler must find the state moved on and do nothing. Answers how many went.
 */
export async function cancelJobs(tx: Tx, filter: Omit<JobFilter, 'states'>): Promise<number> {
  const pending = tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(jobFilter({ ...filter, states: pendingJobStates }))
    .for('update', { skipLocked: true });
  const gone = await tx.delete(jobs).where(inArray(jobs.id, pending)).returning({ id: jobs.id });
  return gone.length;
}

/** The jobs of a subject, earliest due first. */
export async function findJobs<P = unknown>(tx: Pick<DbOrTx, 'select'>, filter: JobFilter): Promise<Job<P>[]> {
  const rows = await tx.select().from(jobs).where(jobFilter(filter)).orderBy(jobs.dueAt, jobs.id);
  return rows as Job<P>[];
}
