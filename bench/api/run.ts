// API throughput and latency on PostgreSQL, against a bare node:http + pg server doing the same work.
//
//   npx tsx bench/api/run.ts
//
// Creates a fresh database finishline_bench next to BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates it, seeds 10,000 projects and 50,000 bids, then
// starts Finishline (bench/api/app-server.ts) and the bare baseline (bench/api/bare-server.ts) in
// their own processes and loads each with autocannon from this one: 50 connections, pipelining 1,
// a visitor (no cookie), 2 s warm-up then 10 s measured, one server at a time.
// Optional: BENCH_API_DURATION (measured seconds), BENCH_API_SCENARIOS (e.g. "list,detail"),
// BENCH_API_APP_NODE_ARGS (extra node flags for the Finishline process, e.g. "--cpu-prof").
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '#server/db/client.js';
import { seedBenchData } from './seed.js';
import { readCpuMs, recreateDatabase, stopServer } from '../shared.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DATABASE_NAME = 'finishline_bench';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = Number(process.env.BENCH_API_DURATION ?? 10);
const AIM_RATIO = 0.8;
const AIM_P99_MS = 50;
const START_TIMEOUT_MS = 60_000;

if (!Number.isInteger(DURATION_SECONDS) || DURATION_SECONDS < 1 || DURATION_SECONDS > 120) {
  console.error(`BENCH_API_DURATION must be whole seconds from 1 to 120, got ${process.env.BENCH_API_DURATION}`);
  process.exit(2);
}

interface Server {
  name: 'finishline' | 'bare';
  child: ChildProcess;
  origin: string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Starts `node --import tsx <script> <databaseUrl>` and waits for its {"port": n} line. */
function startServer(name: Server['name'], script: string, databaseUrl: string, nodeArgs: string[] = []): Promise<Server> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, databaseUrl], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} server did not print its port within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    let isListening = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match && !isListening) {
        isListening = true;
        clearTimeout(timer);
        resolve({ name, child, origin: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (isListening) process.stderr.write(`[${name}] ${chunk.toString()}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!isListening) reject(new Error(`${name} server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** Both servers must answer each URL with the same status, JSON and Link header, or the comparison means nothing. */
async function assertSameAnswers(servers: Server[], paths: string[]) {
  for (const path of paths) {
    const answers = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(server.origin + path, { signal: AbortSignal.timeout(10_000) });
        return { status: response.status, link: response.headers.get('link'), body: (await response.json()) as unknown };
      }),
    );
    const [first, second] = answers;
    if (first!.status !== 200) throw new Error(`${servers[0]!.name} answered ${path} with ${first!.status}: ${JSON.stringify(first!.body)}`);
    if (!isDeepStrictEqual(first, second)) {
      throw new Error(
        `the servers answer ${path} differently:\n${servers[0]!.name}: ${JSON.stringify(first).slice(0, 800)}\n${servers[1]!.name}: ${JSON.stringify(second).slice(0, 800)}`,
      );
    }
  }
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server process's own CPU time (user + system) per request: steadier than req/s on a busy machine. */
  cpuMsPerRequest: number | null;
  failures: number;
}

async function measure(server: Server, url: string): Promise<Measurement> {
  const options = { url, connections: CONNECTIONS, pipelining: 1, timeout: 10 };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = readCpuMs(server.child.pid);
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpuAfter = readCpuMs(server.child.pid);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.latency.totalCount,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function printTable(rows: { scenario: string; server: string; m: Measurement; ratio?: number }[]) {
  const header = ['scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'ratio', 'aims (ratio >= 0.8, p99 < 50 ms)'];
  const lines = rows.map(({ scenario, server, m, ratio }) => {
    const verdict =
      ratio === undefined
        ? ''
        : `${ratio >= AIM_RATIO ? 'ratio ok' : 'ratio MISSED'}, ${m.p99 < AIM_P99_MS ? 'p99 ok' : 'p99 MISSED'}${m.failures ? `, ${m.failures} failed requests` : ''}`;
    const cpu = m.cpuMsPerRequest === null ? 'n/a' : m.cpuMsPerRequest.toFixed(2);
    return [scenario, server, m.requestsPerSecond.toFixed(0), m.p50.toFixed(0), m.p99.toFixed(0), cpu, ratio === undefined ? '' : ratio.toFixed(2), verdict];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const databaseUrl = await recreateDatabase(DATABASE_NAME);
  const database = await openPostgres(databaseUrl, 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const seedStart = performance.now();
  const seeded = await seedBenchData(seedPool).finally(() => seedPool.end());
  console.log(
    `Seeded ${DATABASE_NAME} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${seeded.users} users, ${seeded.projects} projects ` +
      `(${seeded.visibleProjects} open/active, ${seeded.dashboardMatches} of them match "dashboard"), ${seeded.bids} bids, ${seeded.payments} payments, ${seeded.reviews} reviews`,
  );

  const scenarios = [
    { key: 'list', label: 'GET /api/projects', path: '/api/projects' },
    { key: 'search', label: 'GET /api/projects?q=dashboard', path: '/api/projects?q=dashboard' },
    { key: 'detail', label: `GET /api/projects/${seeded.detailProjectId} (5 bids)`, path: `/api/projects/${seeded.detailProjectId}` },
  ].filter((s) => !process.env.BENCH_API_SCENARIOS || process.env.BENCH_API_SCENARIOS.split(',').includes(s.key));

  const appNodeArgs = (process.env.BENCH_API_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const servers = await Promise.all([
    startServer('finishline', 'bench/api/app-server.ts', databaseUrl, appNodeArgs),
    startServer('bare', 'bench/api/bare-server.ts', databaseUrl),
  ]);
  try {
    await assertSameAnswers(
      servers,
      scenarios.map((s) => s.path),
    );
    console.log(`Both servers answer ${scenarios.length} URL(s) with the same JSON and Link header.`);
    console.log(
      `autocannon: ${CONNECTIONS} connections, pipelining 1, visitor, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s per run, one server at a time\n`,
    );

    const rows: Parameters<typeof printTable>[0] = [];
    for (const scenario of scenarios) {
      const app = await measure(servers[0], servers[0].origin + scenario.path);
      const bare = await measure(servers[1], servers[1].origin + scenario.path);
      rows.push({ scenario: scenario.label, server: 'finishline', m: app, ratio: app.requestsPerSecond / bare.requestsPerSecond });
      rows.push({ scenario: '', server: 'bare', m: bare });
    }
    printTable(rows);
    const failures = rows.reduce((sum, row) => sum + row.m.failures, 0);
    if (failures > 0) {
      console.error(`\n${failures} request(s) failed (errors, timeouts or non-2xx answers)`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(servers.map((server) => stopServer(server.child)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
  for (const child of running) void stopServer(child); // a server that started while the other failed
});
