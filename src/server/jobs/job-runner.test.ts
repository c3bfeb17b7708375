import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/context.js';
import { loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';
import { type JobRow, jobs } from '#server/db/schema/jobs.js';
import { DomainEvents } from '#server/events/domain-events.js';
import { TestClock } from '#test/support/clock.js';
import { createTestDatabase } from '#test/support/database.js';
import { defineJobKind, enqueueJob, enqueueJobs } from './job-queue.js';
import { claimNextJob, createJobLanes, createJobRunner, retryDelayMs, runClaimedJob } from './job-runner.js';

// The durable job runner (decision 042) on a real database: PGlite, or PostgreSQL with TEST_DATABASE_URL.
const MINUTE_MS = 60_000;
const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as AppContext['log'];

let database: Database;
let clock: TestClock;
let ctx: AppContext;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = new TestClock();
  // The runner's defaults: JOB_RETRY_DELAY 5m, JOB_RETRY_MAX_DELAY 6h, JOB_MAX_ATTEMPTS 10, JOB_LEASE 5m.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  ctx = { db: database.db, config, log: silentLog, events: new DomainEvents(silentLog), clock } as unknown as AppContext;
  // What a handler's effect writes: a committed row per run, so "once" is counted in the database.
  await database.db.execute(sql`create table test_job_effects (job_key text not null, attempt integer not null)`);
});
afterAll(() => database.close());

const effectsOf = async (key: string) =>
  ((await database.db.execute(sql`select attempt from test_job_effects where job_key = ${key} order by attempt`)) as unknown as { rows: { attempt: number }[] })
    .rows;
const jobOf = async (kind: string, key: string): Promise<JobRow> =>
  (
    await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${kind} and ${jobs.key} = ${key}`)
  )[0]!;

/** A kind whose handler writes its effect, then throws while `failUntil` says so (the effect then rolls back). */
function recordingKind(kind: string, options: { failUntil?: number; maxAttempts?: number; slowMs?: number } = {}) {
  return defineJobKind<{ note: string }>(
    kind,
    async ({ tx, job }) => {
      await tx.execute(sql`insert into test_job_effects (job_key, attempt) values (${job.key}, ${job.attempts})`);
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
      if (job.attempts <= (options.failUntil ?? 0)) throw new Error(`attempt ${job.attempts} of ${job.key} failed`);
    },
    { maxAttempts: options.maxAttempts },
  );
}

describe('enqueueing', () => {
  it('is idempotent per kind and key', async () => {
    const job = { kind: 'test.idempotent', key: 'thing:1', dueAt: clock.now(), payload: { note: 'first' } };
    expect(await enqueueJob(database.db, job)).toBe(true);
    expect(await enqueueJob(database.db, { ...job, payload: { note: 'second' } })).toBe(false);
    expect(await enqueueJobs(database.db, [job, { ...job, key: 'thing:2' }])).toBe(1);
    // The same key under another kind is another job.
    expect(await enqueueJob(database.db, { ...job, kind: 'test.idempotent-other' })).toBe(true);
    const rows = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} like 'test.idempotent%'`);
    expect(rows.map((row) => `${row.kind} ${row.key}`).sort()).toEqual(['test.idempotent thing:1', 'test.idempotent thing:2', 'test.idempotent-other thing:1']);
    expect((await jobOf('test.idempotent', 'thing:1')).payload).toEqual({ note: 'first' });
    // A job that ran is not enqueued again either.
    const runner = createJobRunner(ctx, [recordingKind('test.idempotent')]);
    expect(await runner.runDue()).toBe(2);
    expect(await enqueueJob(database.db, job)).toBe(false);
    expect(await runner.runDue()).toBe(0);
    expect(await effectsOf('thing:1')).toEqual([{ attempt: 1 }]);
  });
});

describe('running', () => {
  it('runs each due job exactly once when two runners claim at the same time', async () => {
    const kind = recordingKind('test.once', { slowMs: 2 });
    const keys = Array.from({ length: 30 }, (_, i) => `once:${i}`);
    await enqueueJobs(
      database.db,
      keys.map((key) => ({ kind: 'test.once', key, dueAt: clock.now(), payload: { note: key } })),
    );
    // One not due yet: neither runner takes it.
    await enqueueJob(database.db, { kind: 'test.once', key: 'once:later', dueAt: new Date(clock.now().getTime() + MINUTE_MS), payload: { note: 'later' } });
    const [a, b] = [createJobRunner(ctx, [kind]), createJobRunner(ctx, [kind])];
    const ran = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(30);
    for (const key of keys) {
      expect(await effectsOf(key)).toEqual([{ attempt: 1 }]);
      expect(await jobOf('test.once', key)).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, lastError: null });
    }
    expect(await jobOf('test.once', 'once:later')).toMatchObject({ state: 'due', attempts: 0 });
    expect(await effectsOf('once:later')).toEqual([]);
  });

  it('claims only the kinds a runner knows', async () => {
    await enqueueJob(database.db, { kind: 'test.unknown', key: 'u:1', dueAt: clock.now(), payload: {} });
    expect(await createJobRunner(ctx, [recordingKind('test.known')]).runDue()).toBe(0);
    expect(await jobOf('test.unknown', 'u:1')).toMatchObject({ state: 'due', attempts: 0 });
  });

  it('retries a failed job with exponential backoff on the clock, keeping the last error, and commits no effect of a failed attempt', async () => {
    const runner = createJobRunner(ctx, [recordingKind('test.retry', { failUntil: 2 })]);
    await enqueueJob(database.db, { kind: 'test.retry', key: 'retry:1', dueAt: clock.now(), payload: { note: 'x' } });
    expect(await runner.runDue()).toBe(0);
    let job = await jobOf('test.retry', 'retry:1');
    expect(job).toMatchObject({ state: 'due', attempts: 1, lastError: 'Error: attempt 1 of retry:1 failed', lockedUntil: null });
    expect(job.dueAt.getTime()).toBe(clock.now().getTime() + 5 * MINUTE_MS);
    // Not before its time.
    clock.advance(5 * MINUTE_MS - 1);
    expect(await runner.runDue()).toBe(0);
    expect((await jobOf('test.retry', 'retry:1')).attempts).toBe(1);
    clock.advance(1);
    expect(await runner.runDue()).toBe(0);
    job = await jobOf('test.retry', 'retry:1');
    // Twice the delay after the second failure.
    expect(job).toMatchObject({ state: 'due', attempts: 2, lastError: 'Error: attempt 2 of retry:1 failed' });
    expect(job.dueAt.getTime()).toBe(clock.now().getTime() + 10 * MINUTE_MS);
    clock.advance(10 * MINUTE_MS);
    expect(await runner.runDue()).toBe(1);
    expect(await jobOf('test.retry', 'retry:1')).toMatchObject({ state: 'done', attempts: 3 });
    expect(await effectsOf('retry:1')).toEqual([{ attempt: 3 }]);
  });

  it('fails a job after its last attempt, and never claims it again', async () => {
    const runner = createJobRunner(ctx, [recordingKind('test.failing', { failUntil: 99, maxAttempts: 3 })]);
    await enqueueJob(database.db, { kind: 'test.failing', key: 'fail:1', dueAt: clock.now(), payload: { note: 'x' } });
    for (let i = 0; i < 3; i += 1) {
      expect(await runner.runDue()).toBe(0);
      clock.advance(6 * 3_600_000);
    }
    const job = await jobOf('test.failing', 'fail:1');
    expect(job).toMatchObject({ state: 'failed', attempts: 3, lastError: 'Error: attempt 3 of fail:1 failed', lockedUntil: null });
    expect(job.finishedAt).not.toBeNull();
    clock.advance(30 * 24 * 3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect((await jobOf('test.failing', 'fail:1')).attempts).toBe(3);
    expect(await effectsOf('fail:1')).toEqual([]);
  });

  it('uses JOB_MAX_ATTEMPTS when a kind sets none', async () => {
    const runner = createJobRunner(ctx, [recordingKind('test.default-max', { failUntil: 99 })]);
    await enqueueJob(database.db, { kind: 'test.default-max', key: 'max:1', dueAt: clock.now(), payload: { note: 'x' } });
    for (let i = 0; i < 12; i += 1) {
      await runner.runDue();
      clock.advance(6 * 3_600_000);
    }
    expect(await jobOf('test.default-max', 'max:1')).toMatchObject({ state: 'failed', attempts: 10 });
  });

  it('claims again a job whose instance stopped while running it, once its lease ran out, and fences off the old claim', async () => {
    const runner = createJobRunner(ctx, [recordingKind('test.lease')]);
    await enqueueJob(database.db, { kind: 'test.lease', key: 'lease:1', dueAt: clock.now(), payload: { note: 'x' } });
    // An instance claims it and stops before running it.
    const lost = await claimNextJob(database.db, ctx.config.jobs, runner.kinds, clock.now());
    expect(lost).toMatchObject({ state: 'running', attempts: 1 });
    expect((lost as JobRow).lockedUntil!.getTime()).toBe(clock.now().getTime() + 5 * MINUTE_MS);
    // While the lease holds, no one else takes it.
    clock.advance(5 * MINUTE_MS - 1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    const job = await jobOf('test.lease', 'lease:1');
    expect(job).toMatchObject({ state: 'done', attempts: 2, lastError: 'The lease of attempt 1 ran out: the instance running it stopped.' });
    // The old claimer comes back: its claim is no longer the job's, so it runs nothing.
    expect(await runClaimedJob(ctx, runner.kinds, lost as JobRow)).toBe(false);
    expect(await effectsOf('lease:1')).toEqual([{ attempt: 2 }]);
  });

  it('fails a job whose lease ran out on its last attempt', async () => {
    const runner = createJobRunner(ctx, [recordingKind('test.lease-last', { maxAttempts: 1 })]);
    await enqueueJob(database.db, { kind: 'test.lease-last', key: 'last:1', dueAt: clock.now(), payload: { note: 'x' } });
    expect(await claimNextJob(database.db, ctx.config.jobs, runner.kinds, clock.now())).toMatchObject({ attempts: 1 });
    clock.advance(5 * MINUTE_MS);
    expect(await runner.runDue()).toBe(0);
    expect(await jobOf('test.lease-last', 'last:1')).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'The lease of attempt 1 ran out: the instance running it stopped.',
    });
    expect(await effectsOf('last:1')).toEqual([]);
  });

  it('doubles the retry delay per attempt up to JOB_RETRY_MAX_DELAY', () => {
    const settings = ctx.config.jobs;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(settings, attempts) / MINUTE_MS)).toEqual([5, 10, 20, 40, 80, 160, 320, 360]);
  });
});

describe('the prepare phase and lanes (decision 055)', () => {
  it('hands what prepare answered, outside any transaction, to the handler; a prepare that throws retries like a handler', async () => {
    let failures = 1;
    const kind = defineJobKind<{ note: string }, string>(
      'test.prepared',
      async ({ tx, job, prepared }) => {
        await tx.execute(sql`insert into test_job_effects (job_key, attempt) values (${`${job.key}:${prepared}`}, ${job.attempts})`);
      },
      {
        async prepare({ ctx: context, job, signal }) {
          expect(signal.aborted).toBe(false);
          // The database is free here: PGlite's one connection is not held by a transaction.
          await context.db.execute(sql`select 1`);
          if (failures-- > 0) throw new Error('the host did not answer');
          return job.payload.note.toUpperCase();
        },
      },
    );
    const runner = createJobRunner(ctx, [kind]);
    await enqueueJob(database.db, { kind: 'test.prepared', key: 'prep:1', dueAt: clock.now(), payload: { note: 'read' } });
    expect(await runner.runDue()).toBe(0);
    expect(await jobOf('test.prepared', 'prep:1')).toMatchObject({ state: 'due', attempts: 1, lastError: 'Error: the host did not answer' });
    clock.advance(10 * MINUTE_MS);
    expect(await runner.runDue()).toBe(1);
    expect(await effectsOf('prep:1:READ')).toEqual([{ attempt: 2 }]);
  });

  it('writes nothing when another claimer took the job while prepare ran (its lease ran out)', async () => {
    const kind = defineJobKind<{ note: string }, string>(
      'test.fenced',
      async ({ tx, job }) => {
        await tx.execute(sql`insert into test_job_effects (job_key, attempt) values (${job.key}, ${job.attempts})`);
      },
      {
        async prepare() {
          // Meanwhile the lease ran out and another instance claimed the job again.
          await database.db
            .update(jobs)
            .set({ attempts: sql`${jobs.attempts} + 1` })
            .where(sql`${jobs.key} = 'fenced:1'`);
          return 'x';
        },
      },
    );
    await enqueueJob(database.db, { kind: 'test.fenced', key: 'fenced:1', dueAt: clock.now(), payload: { note: 'x' } });
    expect(await createJobRunner(ctx, [kind]).runDue()).toBe(0);
    expect(await effectsOf('fenced:1')).toEqual([]);
  });

  it('gives each lane its own runner, the default lane first', () => {
    const kinds = [
      defineJobKind('test.lane-a', async () => undefined),
      defineJobKind('test.lane-b', async () => undefined, { lane: 'slow' }),
      defineJobKind('test.lane-c', async () => undefined),
    ];
    const lanes = createJobLanes(ctx, kinds);
    expect(lanes.map((runner) => [runner.lane, [...runner.kinds.keys()]])).toEqual([
      ['default', ['test.lane-a', 'test.lane-c']],
      ['slow', ['test.lane-b']],
    ]);
  });
});
