// Browse search and directory search latency (issue 30, Speed), one connection, on PostgreSQL.
//
//   npx tsx bench/search.ts [projects] [rounds]        projects: 100000 (default) or 1000000
//
// Creates a fresh database finishline_bench_search_<projects> (BENCH_SEARCH_DATABASE replaces the
// part before the count) next to BENCH_DATABASE_URL (else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and seeds it as bench/api does,
// with 20,000 developers (skills, bio, rate) and two bids a project (BENCH_SEARCH_KEEP=1 reuses a
// database that already holds them, migrated first: seeding a million projects takes several minutes). Starts
// Finishline (bench/api/app-server.ts), signs in as a developer (browse is a signed-in page), and
// sends the ten representative project searches and two directory searches one after another
// on one keep-alive connection: 5 unmeasured rounds, then `rounds` (default 30) measured rounds, each
// in a shuffled order. Prints each search's results, p50 and p95, the p95 of all, the aim for the
// catalogue's size, and beside them the baseline of the same run: GET /api/session, a signed-in
// request that reads no project, on the same connection (the server's, the session's and the
// connection's own cost). BENCH_SEARCH_APP_NODE_ARGS passes node flags to the Finishline process
// (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { Agent, request } from 'node:http';
import pg from 'pg';
import { openPostgres } from '#server/db/client.js';
import { createBenchDatabase } from './api/database.js';
import { loadAverage, median, running, startServer } from './api/servers.js';
import { adminUrl, stopServer } from './shared.js';

const PROJECTS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 30);
/** BENCH_SEARCH_DATABASE names the database instead (a prefix of one's own on a shared server); the count is appended. */
const DATABASE_NAME = `${process.env.BENCH_SEARCH_DATABASE ?? 'finishline_bench_search'}_${PROJECTS}`;
const DEVELOPERS = 20_000;
const BIDS_PER_PROJECT = 2;
const WARMUP_ROUNDS = 5;
const AIM_P95_MS = PROJECTS >= 1_000_000 ? 25 : 10;

/** The ten project searches, then the directory's. */
const searches: [label: string, path: string][] = [
  ['one word', '/api/projects?q=tracker'],
  ['two words', '/api/projects?q=invoice%20generator'],
  ['a prefix', '/api/projects?q=kanb'],
  ['a typo', '/api/projects?q=dashbaord'],
  ['a technology', '/api/projects?tech=React'],
  ['a budget range', '/api/projects?minBudget=1000&maxBudget=2000'],
  ['sort by budget', '/api/projects?sort=budget_desc'],
  ['a common word (a third)', '/api/projects?q=finish'],
  ['words and a technology', '/api/projects?q=chat%20app&tech=TypeScript'],
  ['fewest bids, two technologies', '/api/projects?tech=Go&tech=Rust&sort=fewest_bids'],
  ['directory: a word', '/api/developers?q=payments'],
  ['directory: skill, by rating', '/api/developers?q=react&sort=rating'],
];
const BASELINE: [string, string] = ['baseline: session', '/api/session'];

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
    if (rows[0]?.count !== PROJECTS) return null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  // Seeded by an older schema, perhaps: the migrations it has not had yet (their backfills) apply first.
  const database = await openPostgres(url.toString(), 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return url.toString();
}

/** A developer of the bench data: their username gives their address, the password is the seed's. */
async function developerEmail(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(`SELECT email FROM users WHERE role = 'finisher' ORDER BY id LIMIT 1`);
    return rows[0]!.email;
  } finally {
    await client.end();
  }
}

async function main() {
  if (![100_000, 1_000_000].includes(PROJECTS)) throw new Error(`projects must be 100000 or 1000000, got ${process.argv[2]}`);
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`rounds must be a positive whole number, got ${process.argv[3]}`);
  const databaseUrl =
    (await existingDatabase()) ?? (await createBenchDatabase(DATABASE_NAME, PROJECTS, { finishers: DEVELOPERS, bidsPerProject: BIDS_PER_PROJECT })).databaseUrl;
  const nodeArgs = (process.env.BENCH_SEARCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const app = await startServer('finishline', 'bench/api/app-server.ts', databaseUrl, [], nodeArgs);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let cookie = '';
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ ms: number; count: number; setCookie: string[] }>((resolve, reject) => {
      const start = performance.now();
      const headers: Record<string, string> = cookie ? { cookie } : {};
      if (body) headers['content-type'] = 'application/json';
      request(app.origin + path, { agent, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - start;
          if ((response.statusCode ?? 500) >= 300) return reject(new Error(`${path} answered ${response.statusCode}`));
          const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve({ ms, count: Array.isArray(parsed) ? parsed.length : 1, setCookie: response.headers['set-cookie'] ?? [] });
        });
      })
        .on('error', reject)
        .end(body);
    });
  try {
    const login = await send('POST', '/api/login', JSON.stringify({ email: await developerEmail(databaseUrl), password: 'bench-password' }));
    cookie = login.setCookie.map((line) => line.split(';')[0]).join('; ');
    const all = [...searches, BASELINE];
    const times = new Map<string, number[]>(all.map(([label]) => [label, []]));
    const counts = new Map<string, number>();
    const loadAtStart = loadAverage();
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const order = [...all].sort(() => Math.random() - 0.5);
      for (const [label, path] of order) {
        const { ms, count } = await send('GET', path);
        counts.set(label, count);
        if (round >= WARMUP_ROUNDS) times.get(label)!.push(ms);
      }
    }
    console.log(
      `${searches.length} searches over ${PROJECTS} projects and ${DEVELOPERS} developers, signed in as a developer, one connection, ` +
        `${ROUNDS} rounds after ${WARMUP_ROUNDS} unmeasured\n`,
    );
    const width = Math.max(...all.map(([label]) => label.length)) + 2;
    console.log(`${'search'.padEnd(width)}  results  p50 ms  p95 ms  request`);
    for (const [label, path] of all) {
      const ms = times.get(label)!;
      console.log(
        `${label.padEnd(width)}  ${String(counts.get(label)).padStart(7)}  ${median(ms).toFixed(2).padStart(6)}  ${percentile(ms, 95).toFixed(2).padStart(6)}  ${path}`,
      );
    }
    const measured = searches.flatMap(([label]) => times.get(label)!);
    const baseline = times.get(BASELINE[0])!;
    const p95 = percentile(measured, 95);
    console.log(
      `\nall searches: p50 ${median(measured).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (aim < ${AIM_P95_MS} ms at ${PROJECTS} projects): ${p95 < AIM_P95_MS ? 'ok' : 'MISSED'}`,
    );
    console.log(`baseline in the same run (${BASELINE[1]}): p50 ${median(baseline).toFixed(2)} ms, p95 ${percentile(baseline, 95).toFixed(2)} ms`);
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
