// The deal clock's sweeper cost (issue 14, docs/decisions/027-deal-clock.md): database time per sweep
// with 10,000 pending timers and none due (aim: under 5 ms, served by an index). Since decision 042
// the timers are jobs (bench/jobs-claim.ts measures their claim); this keeps the old deal_timers
// claim as the baseline while the table stays, one release.
//
//   npx tsx bench/deal-sweeper.ts [sweeps]      (default 500 sweeps per database)
//
// On the embedded PGlite and on PostgreSQL (a fresh database finishline_bench_timers on the server of
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): migrates,
// writes one project with 10,000 pending timers due over the next 30 days and 10,000 fired ones,
// ANALYZEs, then prints the sweeper's claim query plan (EXPLAIN ANALYZE: the index it uses and the
// execution time) and the wall time of a whole sweep that finds nothing (BEGIN, the claim, COMMIT),
// median and p95 over the runs. Exits 1 when the plan does not use the index or a median is over 5 ms.
import { performance } from 'node:perf_hooks';
import { and, asc, isNull, lte, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, openPglite, openPostgres, type Tx } from '#server/db/client.js';
import { dealTimers } from '#server/db/schema/deal.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { recreateDatabase } from './shared.js';

/** The old sweeper's claim (before decision 042), kept here as the baseline. */
const claimQuery = (db: DbOrTx, now: Date) =>
  db
    .select()
    .from(dealTimers)
    .where(and(isNull(dealTimers.firedAt), lte(dealTimers.dueAt, now)))
    .orderBy(asc(dealTimers.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });

const PENDING = 10_000;
const AIM_MS = 5;
const INDEX = 'deal_timers_pending_due_idx';
const sweeps = Number(process.argv[2] ?? 500);

async function fill(database: Database, now: Date) {
  const { db } = database;
  const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.test', passwordHash: 'x', role: 'submitter' }).returning();
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench project', description: 'x'.repeat(60), codeLink: 'https://example.test', submitterId: user!.id })
    .returning();
  const rows = (fired: boolean) =>
    Array.from({ length: PENDING }, (_, i) => {
      const offset = ((i + 1) * 30 * 86_400_000) / PENDING;
      return {
        kind: 'review_due' as const,
        projectId: project!.id,
        anchorAt: now,
        dueAt: new Date(now.getTime() + (fired ? -offset : offset)),
        firedAt: fired ? new Date(now.getTime() - offset) : null,
      };
    });
  for (const batch of [rows(false), rows(true)]) {
    for (let i = 0; i < batch.length; i += 1000) await db.insert(dealTimers).values(batch.slice(i, i + 1000));
  }
  await db.execute(sql`analyze deal_timers`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function measure(name: string, database: Database): Promise<boolean> {
  await database.migrate();
  const now = new Date();
  await fill(database, now);
  const query = claimQuery(database.db, now).toSQL();
  const explained = await database.db.transaction((tx) => explain(tx, query));
  const planText = JSON.stringify(explained[0].Plan);
  const usesIndex = planText.includes(INDEX);
  const times: number[] = [];
  for (let i = 0; i < sweeps; i += 1) {
    const start = performance.now();
    await database.db.transaction(async (tx) => {
      await claimQuery(tx, now);
    });
    times.push(performance.now() - start);
  }
  const executions: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const result = await database.db.transaction((tx) => explain(tx, query));
    executions.push(result[0]['Execution Time']);
  }
  const ok = usesIndex && median(executions) < AIM_MS && median(times) < AIM_MS;
  console.log(`${name}: ${PENDING.toLocaleString('en-US')} pending timers, none due, ${PENDING.toLocaleString('en-US')} fired`);
  console.log(
    `  plan: ${usesIndex ? `uses ${INDEX}` : `does NOT use ${INDEX}`} (${String(explained[0].Plan['Node Type'])} over ${nodeTypes(explained[0].Plan).join(' > ')})`,
  );
  console.log(`  database time per sweep (EXPLAIN ANALYZE execution): median ${median(executions).toFixed(3)} ms, p95 ${p95(executions).toFixed(3)} ms`);
  console.log(`  whole sweep finding nothing (BEGIN, claim, COMMIT): median ${median(times).toFixed(3)} ms, p95 ${p95(times).toFixed(3)} ms over ${sweeps}`);
  console.log(`  ${ok ? 'within' : 'OVER'} the ${AIM_MS} ms aim`);
  return ok;
}

type ExplainOutput = [{ Plan: Record<string, unknown>; 'Execution Time': number }];

/** EXPLAIN ANALYZE of the claim, in the caller's transaction (its FOR UPDATE needs one). */
async function explain(tx: Tx, query: { sql: string; params: unknown[] }): Promise<ExplainOutput> {
  const result = (await tx.execute(sql.raw(`explain (analyze, format json) ${interpolate(query.sql, query.params)}`))) as { rows: Record<string, unknown>[] };
  return result.rows[0]!['QUERY PLAN'] as ExplainOutput;
}

function nodeTypes(plan: Record<string, unknown>): string[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  const indexName = plan['Index Name'];
  const index = typeof indexName === 'string' ? ` using ${indexName}` : '';
  return [`${String(plan['Node Type'])}${index}`, ...children.flatMap(nodeTypes)];
}

/** The claim's parameters written into the text, for EXPLAIN (values are dates and numbers). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return value instanceof Date ? `'${value.toISOString()}'` : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

const results: boolean[] = [];
const pglite = await openPglite();
try {
  results.push(await measure('PGlite (embedded)', pglite));
} finally {
  await pglite.close();
}
const postgres = await openPostgres(await recreateDatabase('finishline_bench_timers'), 4);
try {
  results.push(await measure('PostgreSQL', postgres));
} finally {
  await postgres.close();
}
if (results.includes(false)) process.exitCode = 1;
