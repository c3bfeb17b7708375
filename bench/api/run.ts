// API throughput and latency on PostgreSQL, against a bare node:http + pg server sending the app's
// exact SQL (the same statements, named where the app names them) and answering the same JSON.
//
//   npx tsx bench/api/run.ts
//
// For each catalogue size (BENCH_API_PROJECTS, default "10000,100000") it creates a fresh database
// finishline_bench next to BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates it, seeds that many projects (five bids each),
// starts Finishline (bench/api/app-server.ts), records the statements it sends, starts the bare
// baseline (bench/api/bare-server.ts) with them, and loads each with autocannon from this process:
// 50 connections, pipelining 1, a visitor, 2 s warm-up then BENCH_API_DURATION (default 5) s
// measured, one server at a time, alternating which goes first, over BENCH_API_ROUNDS (default 3)
// rounds. It prints medians: req/s, p50, p99, CPU ms per request of the server process and of its
// PostgreSQL backends (from /proc; PostgreSQL must run on this machine), the load average; beside
// each of Finishline's figures, its ratio to the bare server's of the same run. Then the open-loop
// run: BENCH_API_RATE (default 300) requests/s of the list at the largest size, paced evenly by
// bench/api/open-loop.ts (not autocannon's bursty overallRate), over BENCH_API_OPEN_LOOP_ROUNDS
// (default 2) rounds alternating the servers: the medians, each round's p99s, and the p99 ratio
// against the aim (within 1.2x of the bare server's, issue 33).
// Optional: BENCH_API_SCENARIOS (e.g. "list,detail"), BENCH_API_APP_NODE_ARGS (node flags for the
// Finishline process, e.g. "--cpu-prof"), BENCH_API_BARE_NODE_ARGS (the same for the bare server), BENCH_API_APP_LOG_LEVEL (e.g. "info": the app logs every
// request as in production, to /dev/null, to measure what logging costs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase } from './database.js';
import { openLoop } from './open-loop.js';
import {
  assertSameAnswers,
  backendsCpuDelta,
  loadAverage,
  median,
  readBackendsCpuMs,
  running,
  type Server,
  startServer,
  withApplicationName,
} from './servers.js';
import { readCpuMs, stopServer } from '../shared.js';

// BENCH_API_DATABASE: another name, so that two worktrees benchmarking on one server do not drop each other's database.
const DATABASE_NAME = process.env.BENCH_API_DATABASE ?? 'finishline_bench';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = Number(process.env.BENCH_API_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const SIZES = (process.env.BENCH_API_PROJECTS ?? '10000,100000').split(',').map(Number);
const OPEN_LOOP_RATE = Number(process.env.BENCH_API_RATE ?? 300);
const OPEN_LOOP_SECONDS = 10;
const OPEN_LOOP_CONNECTIONS = 30;
const AIM_RATIO = 0.9;
// Issue 33: the open loop's p99 within 1.2x of the bare server's, measured in the same run.
const AIM_OPEN_LOOP_P99_RATIO = 1.2;
const OPEN_LOOP_ROUNDS = Number(process.env.BENCH_API_OPEN_LOOP_ROUNDS ?? 2);

for (const [name, value, max] of [
  ['BENCH_API_DURATION', DURATION_SECONDS, 120],
  ['BENCH_API_ROUNDS', ROUNDS, 20],
  ['BENCH_API_OPEN_LOOP_ROUNDS', OPEN_LOOP_ROUNDS, 20],
  ['BENCH_API_RATE', OPEN_LOOP_RATE, 5000],
] as const) {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`${name} must be a whole number from 1 to ${max}, got ${value}`);
    process.exit(2);
  }
}
if (SIZES.some((size) => !Number.isInteger(size) || size < 1000)) {
  console.error(`BENCH_API_PROJECTS must list whole numbers of at least 1000, got ${process.env.BENCH_API_PROJECTS}`);
  process.exit(2);
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server process's own CPU time (user + system) per request: steadier than req/s on a busy machine. */
  cpuMsPerRequest: number;
  /** CPU time of the PostgreSQL backends serving that server, per request. */
  dbCpuMsPerRequest: number;
  failures: number;
}

type Load = Pick<Measurement, 'requestsPerSecond' | 'p50' | 'p99' | 'failures'> & { requests: number };

/**
 * Runs `load` once to warm up, then again while reading the CPU time the server process and its
 * PostgreSQL backends spend on it, per request.
 */
async function measureLoad(admin: pg.Client, server: Server, load: (seconds: number) => Promise<Load>, seconds: number): Promise<Measurement> {
  await load(WARMUP_SECONDS);
  const cpuBefore = readCpuMs(server.child.pid) ?? Number.NaN;
  const dbBefore = await readBackendsCpuMs(admin, server.applicationName);
  const { requests, ...result } = await load(seconds);
  const cpuAfter = readCpuMs(server.child.pid) ?? Number.NaN;
  const dbAfter = await readBackendsCpuMs(admin, server.applicationName);
  return { ...result, cpuMsPerRequest: (cpuAfter - cpuBefore) / requests, dbCpuMsPerRequest: backendsCpuDelta(dbBefore, dbAfter) / requests };
}

/** The closed loop: 50 connections, each sending its next request as soon as the last is answered. */
function measure(admin: pg.Client, server: Server, url: string): Promise<Measurement> {
  const closedLoop = async (duration: number): Promise<Load> => {
    const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, timeout: 10, duration });
    return {
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
    };
  };
  return measureLoad(admin, server, closedLoop, DURATION_SECONDS);
}

/** The open-loop run: a fixed, evenly paced rate, as a steady stream of visitors would send it. */
function measureOpenLoop(admin: pg.Client, server: Server, url: string): Promise<Measurement> {
  const pacedLoop = async (seconds: number): Promise<Load> => {
    const result = await openLoop({ url, rate: OPEN_LOOP_RATE, maxConnections: OPEN_LOOP_CONNECTIONS, seconds });
    return { requests: result.sent, requestsPerSecond: result.requestsPerSecond, p50: result.p50, p99: result.p99, failures: result.failures };
  };
  return measureLoad(admin, server, pacedLoop, OPEN_LOOP_SECONDS);
}

const medianOf = (runs: Measurement[]): Measurement => ({
  requestsPerSecond: median(runs.map((m) => m.requestsPerSecond)),
  p50: median(runs.map((m) => m.p50)),
  p99: median(runs.map((m) => m.p99)),
  cpuMsPerRequest: median(runs.map((m) => m.cpuMsPerRequest)),
  dbCpuMsPerRequest: median(runs.map((m) => m.dbCpuMsPerRequest)),
  failures: runs.reduce((sum, m) => sum + m.failures, 0),
});

/** baseline: the bare server's measurement of the same scenario, for the ratios beside each figure. */
type Row = { projects: number; scenario: string; server: string; m: Measurement; ratio?: number; baseline?: Measurement; note?: string };

function printTable(rows: Row[]) {
  // Each figure of a Finishline row with its ratio to the bare server's (the row below it) beside it.
  const header = ['projects', 'scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'DB CPU ms/req', 'ratio', 'note'];
  const withRatio = (value: number, base: number | undefined, digits: number) =>
    base === undefined ? value.toFixed(digits) : `${value.toFixed(digits)} (${(value / base).toFixed(2)}x)`;
  const lines = rows.map(({ projects, scenario, server, m, ratio, baseline: b, note }) => [
    String(projects),
    scenario,
    server,
    withRatio(m.requestsPerSecond, b?.requestsPerSecond, 0),
    withRatio(m.p50, b?.p50, 1),
    withRatio(m.p99, b?.p99, 1),
    withRatio(m.cpuMsPerRequest, b?.cpuMsPerRequest, 2),
    withRatio(m.dbCpuMsPerRequest, b?.dbCpuMsPerRequest, 2),
    ratio === undefined ? '' : ratio.toFixed(2),
    note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 3 && i <= 8 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function benchSize(projects: number, rows: Row[]) {
  const { databaseUrl, seeded } = await createBenchDatabase(DATABASE_NAME, projects);
  const scenarios = [
    { key: 'list', label: 'GET /api/projects', path: '/api/projects' },
    { key: 'search', label: 'GET /api/projects?q=dashboard', path: '/api/projects?q=dashboard' },
    { key: 'detail', label: 'GET /api/projects/{id} (5 bids)', path: `/api/projects/${seeded.detailProjectId}` },
  ].filter((s) => !process.env.BENCH_API_SCENARIOS || process.env.BENCH_API_SCENARIOS.split(',').includes(s.key));

  const statementsDir = mkdtempSync(path.join(tmpdir(), 'finishline-bench-statements-'));
  const statementsFile = path.join(statementsDir, 'statements.json');
  const appNodeArgs = (process.env.BENCH_API_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const app = await startServer('finishline', 'bench/api/app-server.ts', databaseUrl, [statementsFile], appNodeArgs);
  const servers: Server[] = [app];
  const admin = new pg.Client({ connectionString: withApplicationName(databaseUrl, 'bench-admin') });
  await admin.connect();
  try {
    // Every path the bare server answers, so that the app has sent each statement once.
    for (const path of ['/api/projects', '/api/projects?q=dashboard', `/api/projects/${seeded.detailProjectId}`]) {
      const response = await fetch(app.origin + path);
      if (response.status !== 200) throw new Error(`finishline answered ${path} with ${response.status}`);
      await response.arrayBuffer();
    }
    servers.push(
      await startServer(
        'bare',
        'bench/api/bare-server.ts',
        databaseUrl,
        [statementsFile],
        (process.env.BENCH_API_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ),
    );
    await assertSameAnswers(
      servers,
      scenarios.map((s) => s.path),
    );
    console.log(`Both servers answer ${scenarios.length} URL(s) with the same JSON and Link header.`);
    console.log(
      `autocannon: ${CONNECTIONS} connections, pipelining 1, visitor, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s per run, ` +
        `one server at a time, ${ROUNDS} rounds alternating which goes first; medians\n`,
    );

    for (const scenario of scenarios) {
      const runs = { finishline: [] as Measurement[], bare: [] as Measurement[] };
      const loadAtStart = loadAverage();
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) runs[server.name].push(await measure(admin, server, server.origin + scenario.path));
      }
      const appMedian = medianOf(runs.finishline);
      const bareMedian = medianOf(runs.bare);
      const ratio = appMedian.requestsPerSecond / bareMedian.requestsPerSecond;
      const ratios = runs.finishline.map((m, i) => (m.requestsPerSecond / runs.bare[i]!.requestsPerSecond).toFixed(2)).join(' ');
      const note = `load ${loadAtStart} -> ${loadAverage()}; ratios ${ratios}; ${ratio >= AIM_RATIO ? 'ok' : 'MISSED'} (aim >= ${AIM_RATIO})`;
      rows.push({ projects, scenario: scenario.label, server: 'finishline', m: appMedian, ratio, baseline: bareMedian, note });
      rows.push({ projects, scenario: '', server: 'bare', m: bareMedian });
    }

    if (projects === Math.max(...SIZES) && scenarios.some((s) => s.key === 'list')) {
      // Open loop: a fixed rate, not as fast as the server answers; the servers alternate as above.
      const runs = { finishline: [] as Measurement[], bare: [] as Measurement[] };
      const loadAtStart = loadAverage();
      for (let round = 0; round < OPEN_LOOP_ROUNDS; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) runs[server.name].push(await measureOpenLoop(admin, server, `${server.origin}/api/projects`));
      }
      const appMedian = medianOf(runs.finishline);
      const bareMedian = medianOf(runs.bare);
      const p99Ratio = appMedian.p99 / bareMedian.p99;
      const p99s = runs.finishline.map((m, i) => `${m.p99.toFixed(0)}/${runs.bare[i]!.p99.toFixed(0)}`).join(' ');
      const label = `GET /api/projects at ${OPEN_LOOP_RATE}/s (open loop)`;
      rows.push({
        projects,
        scenario: label,
        server: 'finishline',
        m: appMedian,
        baseline: bareMedian,
        note: `load ${loadAtStart} -> ${loadAverage()}; p99 app/bare per round ${p99s} ms; p99 ${p99Ratio.toFixed(2)}x, ${p99Ratio <= AIM_OPEN_LOOP_P99_RATIO ? 'ok' : 'MISSED'} (aim <= ${AIM_OPEN_LOOP_P99_RATIO}x the bare server's)`,
      });
      rows.push({ projects, scenario: '', server: 'bare', m: bareMedian });
    }
  } finally {
    await admin.end();
    await Promise.all(servers.map((server) => stopServer(server.child)));
    rmSync(statementsDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: Row[] = [];
  for (const projects of SIZES) await benchSize(projects, rows);
  console.log();
  printTable(rows);
  if (SIZES.length > 1) {
    for (const scenario of new Set(rows.filter((r) => r.server === 'finishline' && r.ratio !== undefined).map((r) => r.scenario))) {
      const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)].map((size) => rows.find((r) => r.projects === size && r.scenario === scenario)!);
      const growth = large!.m.dbCpuMsPerRequest / small!.m.dbCpuMsPerRequest;
      // The bare server sends the same statements: its growth is the database's own.
      const bareGrowth = large!.baseline!.dbCpuMsPerRequest / small!.baseline!.dbCpuMsPerRequest;
      console.log(
        `${scenario}: database CPU per request ${small!.m.dbCpuMsPerRequest.toFixed(2)} ms at ${small!.projects} -> ${large!.m.dbCpuMsPerRequest.toFixed(2)} ms at ${large!.projects} projects (${growth.toFixed(2)}x; aim < 1.5x; bare server ${bareGrowth.toFixed(2)}x)`,
      );
    }
  }
  const failures = rows.reduce((sum, row) => sum + row.m.failures, 0);
  if (failures > 0) {
    console.error(`\n${failures} request(s) failed (errors, timeouts or non-2xx answers)`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
  for (const child of running) void stopServer(child); // a server that started while the other failed
});
