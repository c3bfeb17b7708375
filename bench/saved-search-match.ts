// Saved-search matching for a new project (issue 30, item 3; aim: under 50 ms with 100,000 saved
// searches), on PostgreSQL, one connection.
//
//   npx tsx bench/saved-search-match.ts [searches] [rounds]
//
// Creates finishline_bench_alerts (or BENCH_ALERTS_DATABASE) next to BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates it and seeds 2,000 projects as bench/api does,
// then `searches` (default 100,000) saved searches, as developers write them: a third a product
// word ("kanban board"), a third one or two technologies with a budget range, a third a product word
// with a technology. Each round runs the app's matching statement (matchProjectStatement,
// the INSERT ... SELECT the match job runs) for a project open for bids inside a transaction that is
// rolled back, so every round sees the same table; alternated with the baseline, a bare read of
// every saved search but the owner's (where testing each search would start; the statement reads
// only those that can match, decision 060). Prints p50/p95 of both, the matches per project, and
// the statement's plan.
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { matchProjectStatement } from '#server/features/saved-searches/saved-searches.service.js';
import { createBenchDatabase } from './api/database.js';
import { products, technologies } from './api/seed.js';
import { loadAverage, median } from './api/servers.js';

/** BENCH_ALERTS_DATABASE names the database instead (a prefix of one's own on a shared server). */
const DATABASE_NAME = process.env.BENCH_ALERTS_DATABASE ?? 'finishline_bench_alerts';
const SEARCHES = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 50);
const AIM_MS = 50;
// The bench catalogue's own products and technologies (bench/api/seed.ts): each word is in about 1 in 40 projects.
const words = products;
const techs = technologies;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function main() {
  const { databaseUrl } = await createBenchDatabase(DATABASE_NAME, 2_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seedStart = performance.now();
    // Deterministic mixes from the row number: text, technologies, budgets.
    await client.query(
      `INSERT INTO saved_searches (user_id, q, query, tech, min_budget_cents, max_budget_cents, frequency)
       SELECT u.id, t.q, CASE WHEN t.q IS NULL THEN NULL ELSE websearch_to_tsquery('english', t.q) END, t.tech, t.min_cents, t.max_cents,
              CASE WHEN n % 2 = 0 THEN 'instant' ELSE 'daily' END
       FROM generate_series(1, $1::int) n
       CROSS JOIN LATERAL (SELECT id FROM users WHERE role = 'finisher' ORDER BY id OFFSET (n % GREATEST((SELECT count(*) FROM users WHERE role = 'finisher'), 1)) LIMIT 1) u
       CROSS JOIN LATERAL (SELECT
         CASE WHEN n % 3 <> 1 THEN ($2::text[])[1 + (n / 3) % array_length($2::text[], 1)] END AS q,
         CASE WHEN n % 3 = 1 THEN ($3::text[])[1 + (n / 3) % array_length($3::text[], 1) : 1 + (n / 3) % array_length($3::text[], 1) + n % 2]
              WHEN n % 3 = 2 THEN ARRAY[($3::text[])[1 + (n / 7) % array_length($3::text[], 1)]]
              ELSE '{}'::text[] END AS tech,
         CASE WHEN n % 3 = 1 THEN (50000 + (n % 20) * 10000)::bigint END AS min_cents,
         CASE WHEN n % 3 = 1 THEN (300000 + (n % 20) * 50000)::bigint END AS max_cents) t`,
      [SEARCHES, words, techs],
    );
    await client.query('VACUUM ANALYZE saved_searches');
    console.log(`Seeded ${SEARCHES} saved searches in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const { rows: open } = await client.query<{ id: number; submitter_id: number }>(
      `SELECT id, submitter_id FROM projects WHERE status IN ('open', 'active') ORDER BY id LIMIT 20`,
    );
    const dialect = new PgDialect();
    const statement = (projectId: number) => dialect.sqlToQuery(matchProjectStatement(projectId, new Date()));
    const timed = async (run: () => Promise<unknown>) => {
      await client.query('BEGIN');
      const start = performance.now();
      await run();
      const ms = performance.now() - start;
      await client.query('ROLLBACK');
      return ms;
    };
    const app: number[] = [];
    const bare: number[] = [];
    const matches: number[] = [];
    const loadAtStart = loadAverage();
    for (let round = 0; round < ROUNDS + 5; round++) {
      const project = open[round % open.length]!;
      const query = statement(project.id);
      let matched = 0;
      const a = await timed(async () => {
        matched = (await client.query(query.sql, query.params)).rowCount ?? 0;
      });
      const b = await timed(() => client.query('SELECT count(*) FROM saved_searches WHERE user_id <> $1', [project.submitter_id]));
      if (round < 5) continue;
      app.push(a);
      bare.push(b);
      matches.push(matched);
    }
    const explain = statement(open[0]!.id);
    await client.query('BEGIN');
    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${explain.sql}`, explain.params);
    await client.query('ROLLBACK');
    console.log(`\n${SEARCHES} saved searches, ${ROUNDS} projects matched one after another (each rolled back), one connection`);
    console.log(`matches per project: median ${median(matches)}, max ${Math.max(...matches)}`);
    console.log(
      `match statement:        p50 ${median(app).toFixed(2)} ms, p95 ${percentile(app, 95).toFixed(2)} ms (aim < ${AIM_MS} ms): ${percentile(app, 95) < AIM_MS ? 'ok' : 'MISSED'}`,
    );
    console.log(`baseline (bare scan):   p50 ${median(bare).toFixed(2)} ms, p95 ${percentile(bare, 95).toFixed(2)} ms`);
    console.log(`load average ${loadAtStart} -> ${loadAverage()}`);
    console.log(`\nplan:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
