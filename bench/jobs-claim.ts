// The durable job runner's cost per job (docs/decisions/042-durable-jobs.md), beside the old deal
// sweeper's as the baseline (deal_timers stays one release, so it can still be measured).
//
//   npx tsx bench/jobs-claim.ts [jobs]      (default 500 jobs per database)
//
// On the embedded PGlite and on PostgreSQL (a fresh database finishline_bench_jobs on the server of
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): with
// 10,000 jobs waiting for later and 10,000 done, prints
// - an empty claim (BEGIN, the claim that finds nothing, COMMIT) and whether it uses jobs_due_idx;
// - the wall time per job of running [jobs] due jobs with a handler that does nothing: the claim
//   (its own transaction), the run (lock, check, handler, done) and their commits;
// - the same for as many due deal_timers fired the old way: one transaction per timer (claim, mark fired).
import { performance } from 'node:perf_hooks';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.js';
import { loadConfig } from '#server/config.js';
import { type Database, openPglite, openPostgres } from '#server/db/client.js';
import { dealTimers } from '#server/db/schema/deal.js';
import { jobs } from '#server/db/schema/jobs.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { DomainEvents } from '#server/events/domain-events.js';
import { defineJobKind, enqueueJobs } from '#server/jobs/job-queue.js';
import { claimQuery, createJobRunner } from '#server/jobs/job-runner.js';
import { recreateDatabase } from './shared.js';

const WAITING = 10_000;
const count = Number(process.argv[2] ?? 500);
const log = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as AppContext['log'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

async function measure(name: string, database: Database) {
  await database.migrate();
  const { db } = database;
  const now = new Date();
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  await insertInBatches(
    Array.from({ length: WAITING }, (_, i) => ({ kind: 'bench.noop', key: `later:${i}`, dueAt: at((i + 1) * 60_000), payload: {} })),
    (batch) => enqueueJobs(db, batch),
  );
  await insertInBatches(
    Array.from({ length: WAITING }, (_, i) => ({
      kind: 'bench.noop',
      key: `done:${i}`,
      dueAt: at(-(i + 1) * 60_000),
      state: 'done' as const,
      finishedAt: now,
    })),
    (batch) => db.insert(jobs).values(batch),
  );
  await db.execute(sql`analyze jobs`);

  // An empty claim.
  const empty: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const start = performance.now();
    await db.transaction(async (tx) => {
      await claimQuery(tx, ['bench.noop'], now);
    });
    empty.push(performance.now() - start);
  }
  const claimText = `explain select * from jobs where state = 'due' and due_at <= '${now.toISOString()}' and kind in ('bench.noop') order by due_at, id limit 1 for update skip locked`;
  const plan: unknown = await db.transaction((tx) => tx.execute(sql.raw(claimText)));
  const usesIndex = JSON.stringify(plan).includes('jobs_due_idx');

  // Running due jobs through the runner.
  await enqueueJobs(
    db,
    Array.from({ length: count }, (_, i) => ({ kind: 'bench.noop', key: `due:${i}`, dueAt: at(-1000 - i), payload: {} })),
  );
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const ctx = { db, config, log, events: new DomainEvents(log), clock: { now: () => now } } as unknown as AppContext;
  const runner = createJobRunner(ctx, [defineJobKind('bench.noop', async () => undefined)]);
  let start = performance.now();
  let ran = 0;
  while (ran < count) {
    const n = await runner.runDue(count);
    if (n === 0) break;
    ran += n;
  }
  const perJob = (performance.now() - start) / Math.max(ran, 1);

  // The old sweeper, as it fired a timer: one transaction, the claim and the mark.
  const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.test', passwordHash: 'x', role: 'submitter' }).returning();
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench project', description: 'x'.repeat(60), codeLink: 'https://example.test', submitterId: user!.id })
    .returning();
  await insertInBatches(
    Array.from({ length: count }, (_, i) => ({ kind: 'review_reminder' as const, projectId: project!.id, anchorAt: now, dueAt: at(-1000 - i) })),
    (batch) => db.insert(dealTimers).values(batch),
  );
  start = performance.now();
  let fired = 0;
  for (;;) {
    const didFire = await db.transaction(async (tx) => {
      const [timer] = await tx
        .select()
        .from(dealTimers)
        .where(and(isNull(dealTimers.firedAt), lte(dealTimers.dueAt, now)))
        .orderBy(asc(dealTimers.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!timer) return false;
      await tx.update(dealTimers).set({ firedAt: now }).where(eq(dealTimers.id, timer.id));
      return true;
    });
    if (!didFire) break;
    fired += 1;
  }
  const perTimer = (performance.now() - start) / Math.max(fired, 1);

  console.log(`${name}: ${WAITING.toLocaleString('en-US')} jobs waiting, ${WAITING.toLocaleString('en-US')} done`);
  console.log(`  empty claim (BEGIN, claim, COMMIT): median ${median(empty).toFixed(3)} ms; plan ${usesIndex ? 'uses' : 'does NOT use'} jobs_due_idx`);
  console.log(`  jobs:        ${ran} run, ${perJob.toFixed(3)} ms per job (claim transaction + run transaction, no-op handler)`);
  console.log(`  old sweeper: ${fired} fired, ${perTimer.toFixed(3)} ms per timer (one transaction: claim + mark fired) - the baseline`);
}

const pglite = await openPglite();
try {
  await measure('PGlite (embedded)', pglite);
} finally {
  await pglite.close();
}
const postgres = await openPostgres(await recreateDatabase('finishline_bench_jobs'), 4);
try {
  await measure('PostgreSQL', postgres);
} finally {
  await postgres.close();
}
