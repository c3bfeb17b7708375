import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context.js';
import type { Db } from '#server/db/client.js';
import { type JobRow, jobs } from '#server/db/schema/jobs.js';
import { afterFirstAnswer } from '#server/plugins/after-first-answer.js';
import { type JobKind, laneOf } from './job-queue.js';

/** How many jobs one run takes at most; the next run takes the rest. */
const RUN_BATCH = 100;
/** last_error keeps this much of a message. */
const ERROR_LENGTH = 2_000;

type Settings = AppContext['config']['jobs'];

/** The delay before the next attempt: JOB_RETRY_DELAY, doubling per attempt made, at most JOB_RETRY_MAX_DELAY. */
export function retryDelayMs(settings: Pick<Settings, 'retryDelayMs' | 'retryMaxDelayMs'>, attempts: number): number {
  return Math.min(settings.retryMaxDelayMs, settings.retryDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** A job's attempt limit: its own, else its kind's, else JOB_MAX_ATTEMPTS. */
const attemptLimit = (job: JobRow, kinds: ReadonlyMap<string, JobKind>, settings: Pick<Settings, 'maxAttempts'>) =>
  job.maxAttempts ?? kinds.get(job.kind)?.options.maxAttempts ?? settings.maxAttempts;

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, ERROR_LENGTH);

/**
 * Claims the earliest due job of these kinds, or one whose lease ran out (its instance stopped while
 * running it), in a short transaction of its own: FOR UPDATE SKIP LOCKED, so instances claiming at
 * once take different rows. The claim marks it running until now + JOB_LEASE and counts an attempt;
 * the count fences off an older claimer whose lease ran out. Answers null when nothing is due, and
 * 'failed' when the job found had no attempt left.
 */
export async function claimNextJob(db: Db, settings: Settings, kinds: ReadonlyMap<string, JobKind>, now: Date): Promise<JobRow | 'failed' | null> {
  const names = [...kinds.keys()];
  if (names.length === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await claimQuery(tx, names, now);
    const [expired] = due
      ? []
      : await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now), inArray(jobs.kind, names)))
          .orderBy(asc(jobs.lockedUntil))
          .limit(1)
          .for('update', { skipLocked: true });
    const found = due ?? expired;
    if (!found) return null;
    const leaseNote = expired ? `The lease of attempt ${expired.attempts} ran out: the instance running it stopped.` : found.lastError;
    if (found.attempts >= attemptLimit(found, kinds, settings)) {
      await tx.update(jobs).set({ state: 'failed', lastError: leaseNote, lockedUntil: null, updatedAt: now, finishedAt: now }).where(eq(jobs.id, found.id));
      return 'failed';
    }
    const [claimed] = await tx
      .update(jobs)
      .set({ state: 'running', attempts: found.attempts + 1, lockedUntil: new Date(now.getTime() + settings.leaseMs), lastError: leaseNote, updatedAt: now })
      .where(eq(jobs.id, found.id))
      .returning();
    return claimed!;
  });
}

/** The claim of a due job as a query (bench/jobs-claim.ts explains it): served by the partial index jobs_due_idx. */
export const claimQuery = (db: Pick<Db, 'select'>, kinds: readonly string[], now: Date) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.state, 'due'), lte(jobs.dueAt, now), inArray(jobs.kind, [...kinds])))
    .orderBy(asc(jobs.dueAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });

/**
 * Runs a claimed job: its handler and the job's completion in one transaction, which first locks
 * the row and checks the claim is still this one (another instance may have claimed it again after
 * the lease ran out, or a change cancelled it). A handler that throws rolls back; the job is due
 * again after the backoff, or failed when its attempts are used up. Answers whether it ran.
 */
export async function runClaimedJob(ctx: AppContext, kinds: ReadonlyMap<string, JobKind>, claimed: JobRow): Promise<boolean> {
  const kind = kinds.get(claimed.kind);
  if (!kind) return false;
  try {
    // The slow part first, outside any transaction, under the lease; the fencing check below throws
    // its answer away when another instance claimed the job meanwhile.
    const prepared = kind.options.prepare
      ? await kind.options.prepare({
          ctx,
          job: claimed,
          signal: AbortSignal.timeout(Math.max(1, (claimed.lockedUntil?.getTime() ?? 0) - ctx.clock.now().getTime())),
        })
      : undefined;
    return await ctx.events.transaction(ctx.db, async (tx, record) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, claimed.id), eq(jobs.state, 'running'), eq(jobs.attempts, claimed.attempts)))
        .for('update');
      if (!job) return false;
      const now = ctx.clock.now();
      await kind.run({ ctx, tx, record, job, now, prepared });
      await tx.update(jobs).set({ state: 'done', lockedUntil: null, updatedAt: now, finishedAt: now }).where(eq(jobs.id, job.id));
      return true;
    });
  } catch (error) {
    ctx.log.error({ err: error, jobId: claimed.id, kind: claimed.kind, key: claimed.key, attempt: claimed.attempts }, 'a job failed');
    await recordFailure(ctx, claimed, attemptLimit(claimed, kinds, ctx.config.jobs), error).catch((failure: unknown) =>
      // The row stays running; its lease running out brings it back.
      ctx.log.error({ err: failure, jobId: claimed.id }, 'recording a job failure failed'),
    );
    return false;
  }
}

async function recordFailure(ctx: AppContext, claimed: JobRow, limit: number, error: unknown): Promise<void> {
  const now = ctx.clock.now();
  const settings = ctx.config.jobs;
  const isLast = claimed.attempts >= limit;
  const retryAt = new Date(now.getTime() + retryDelayMs(settings, claimed.attempts));
  await ctx.db
    .update(jobs)
    .set({
      state: isLast ? 'failed' : 'due',
      dueAt: isLast ? claimed.dueAt : retryAt,
      lastError: messageOf(error),
      lockedUntil: null,
      updatedAt: now,
      finishedAt: isLast ? now : null,
    })
    .where(and(eq(jobs.id, claimed.id), eq(jobs.state, 'running'), eq(jobs.attempts, claimed.attempts)));
}

export interface JobRunner {
  /** The lane whose kinds it runs (job-queue.ts laneOf). */
  lane: string;
  /** The kinds this instance runs. */
  kinds: ReadonlyMap<string, JobKind>;
  /** Runs the jobs due now, each once across instances; answers how many ran to completion. */
  runDue(batch?: number): Promise<number>;
}

export function createJobRunner(ctx: AppContext, kinds: readonly JobKind[], lane = 'default'): JobRunner {
  const byKind = new Map(kinds.map((kind) => [kind.kind, kind] as const));
  if (byKind.size !== kinds.length) throw new Error('Two job kinds share a name');
  return {
    lane,
    kinds: byKind,
    async runDue(batch = RUN_BATCH) {
      let ran = 0;
      for (let taken = 0; taken < batch; taken += 1) {
        const claimed = await claimNextJob(ctx.db, ctx.config.jobs, byKind, ctx.clock.now());
        if (claimed === null) break;
        if (claimed === 'failed') continue;
        if (await runClaimedJob(ctx, byKind, claimed)) ran += 1;
      }
      return ran;
    },
  };
}

/** One runner per lane of these kinds (job-queue.ts laneOf), the default lane first. */
export function createJobLanes(ctx: AppContext, kinds: readonly JobKind[]): JobRunner[] {
  if (new Set(kinds.map((kind) => kind.kind)).size !== kinds.length) throw new Error('Two job kinds share a name');
  const lanes = [...new Set(['default', ...kinds.map(laneOf)])];
  return lanes.map((lane) =>
    createJobRunner(
      ctx,
      kinds.filter((kind) => laneOf(kind) === lane),
      lane,
    ),
  );
}

/**
 * Each instance runs the due jobs every JOB_POLL_INTERVAL, and once as soon as it listens (a job
 * that came due while no instance ran runs then), after `beforeFirstRun` (start-up work that may
 * enqueue). The interval only polls: jobs are rows, so a restart forgets none. Runs of one
 * instance never overlap; the app's close stops the loop and waits for the run in progress.
 */
export function startJobRunner(
  app: FastifyInstance,
  ctx: AppContext,
  runner: JobRunner,
  options: { beforeFirstRun?: () => Promise<unknown> } = {},
): () => void {
  const intervalMs = ctx.config.jobs.pollIntervalMs;
  if (intervalMs <= 0) return () => undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= runner
      .runDue()
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'running the due jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  // Not while the server's first request is waiting: the lanes' first runs query the database.
  afterFirstAnswer(app, () => {
    running = (options.beforeFirstRun?.() ?? Promise.resolve())
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the work before the first job run failed'))
      .finally(() => {
        running = null;
        run();
      });
    interval = setInterval(run, intervalMs);
    interval.unref();
  });
  let isClosed = false;
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(interval);
    await running;
  });
  // A nudge runs the lane now (work meant to happen at once, just committed); a run in progress
  // takes it: it claims until nothing is due.
  return () => {
    if (!isClosed && interval !== undefined) run();
  };
}
