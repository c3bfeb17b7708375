// Search latency over 100,000 projects (issue 17; aim: p95 under 10 ms), one connection.
//
//   npx tsx bench/search.ts [rounds]
//
// Creates a fresh database finishline_bench_search next to BENCH_DATABASE_URL (else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and seeds it as bench/api does
// with 100,000 projects (about a minute; BENCH_SEARCH_KEEP=1 reuses it when it already holds them),
// starts Finishline (bench/api/app-server.ts), then sends GET /api/projects?q=... for 17
// representative searches one after another on one keep-alive connection, as a visitor: 5 unmeasured
// rounds (PostgreSQL plans the statements and fills its cache), then `rounds` (default 30) measured
// rounds, each in a shuffled order. It prints each search's matches, p50 and p95, then the p95 of
// all the requests and the load average.
import { Agent, request } from 'node:http';
import pg from 'pg';
import { createBenchDatabase } from './api/database.js';
import { loadAverage, median, running, startServer } from './api/servers.js';
import { adminUrl, stopServer } from './shared.js';

const DATABASE_NAME = 'finishline_bench_search';
const PROJECTS = 100_000;
const WARMUP_ROUNDS = 5;
const ROUNDS = Number(process.argv[2] ?? 30);
const AIM_P95_MS = 10;

/** Common and rare words, several words, a phrase, words that match nothing, a short one. */
const searches = [
  'dashboard',
  'tracker',
  'chat app',
  'stripe payments',
  'dark mode',
  'for dentists',
  'chess engine',
  'kanban board for gyms',
  'wiki',
  'invoice generator',
  'offline-first',
  'graphql',
  'the deployment is broken',
  'password manager for families',
  'kubernetes',
  'blockchain wallet',
  'ui',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function existingDatabase(): Promise<string | null> {
  if (process.env.BENCH_SEARCH_KEEP !== '1') return null;
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE_NAME}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM projects');
    return rows[0]?.count === PROJECTS ? url.toString() : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`rounds must be a positive whole number, got ${process.argv[2]}`);
  const databaseUrl = (await existingDatabase()) ?? (await createBenchDatabase(DATABASE_NAME, PROJECTS)).databaseUrl;
  const app = await startServer('finishline', 'bench/api/app-server.ts', databaseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ ms: number; count: number }>((resolve, reject) => {
      const start = performance.now();
      request(app.origin + path, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - start;
          if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
          resolve({ ms, count: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]).length });
        });
      })
        .on('error', reject)
        .end();
    });
  try {
    const times = new Map<string, number[]>(searches.map((q) => [q, []]));
    const counts = new Map<string, number>();
    const loadAtStart = loadAverage();
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const order = [...searches].sort(() => Math.random() - 0.5);
      for (const q of order) {
        const { ms, count } = await get(`/api/projects?q=${encodeURIComponent(q)}`);
        counts.set(q, count);
        if (round >= WARMUP_ROUNDS) times.get(q)!.push(ms);
      }
    }
    console.log(`${searches.length} searches over ${PROJECTS} projects, one connection, ${ROUNDS} rounds after ${WARMUP_ROUNDS} unmeasured\n`);
    const width = Math.max(...searches.map((q) => q.length)) + 2;
    console.log(`${'q'.padEnd(width)}  results  p50 ms  p95 ms`);
    for (const q of searches) {
      const ms = times.get(q)!;
      console.log(
        `${`"${q}"`.padEnd(width)}  ${String(counts.get(q)).padStart(7)}  ${median(ms).toFixed(2).padStart(6)}  ${percentile(ms, 95).toFixed(2).padStart(6)}`,
      );
    }
    const all = [...times.values()].flat();
    const p95 = percentile(all, 95);
    console.log(`\nall requests: p50 ${median(all).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (aim < ${AIM_P95_MS} ms): ${p95 < AIM_P95_MS ? 'ok' : 'MISSED'}`);
    console.log(`load average ${loadAtStart} -> ${loadAverage()}`);
  } finally {
    agent.destroy();
    await stopServer(app.child);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
  for (const child of running) void stopServer(child);
});
