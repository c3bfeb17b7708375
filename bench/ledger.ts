// The ledger's reads (issue 31, Speed): a person's CSV statement of 100,000 entries, streamed by the
// real app, and the ledger of one deal with 50 entries, each beside a baseline of the same run.
//
//   npx tsx bench/ledger.ts [entries] [rounds]        entries: 100000 (default); rounds: 3 (default)
//
// Creates a fresh database finishline_bench_ledger (BENCH_LEDGER_DATABASE names another) next to
// BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), migrates
// it, and inserts an owner, a finisher, two paid deals between them and `entries` ledger entries on the
// first deal (INSERT ... SELECT generate_series, 10,000 a statement; the append-only trigger allows
// INSERT), spread over the past year, then 50 entries on the second deal. Starts Finishline
// (bench/api/app-server.ts, its own process) and signs in as the finisher.
//
// Statement: GET /api/users/{id}/ledger.csv over the whole year, `rounds` times; prints rows/s and the
// server process's peak resident memory while it streams (VmRSS sampled every 10 ms from /proc, and
// VmHWM, the process's peak since it started). Aims: over 50,000 rows/s, under 100 MB. Baseline: the
// same rows read in one SELECT by this process (what the database and the driver cost alone).
//
// Deal ledger: GET /api/projects/{id}/ledger of the 50-entry deal and GET /api/session (the baseline:
// a signed-in request that reads no ledger), 20 unmeasured then 200 measured requests each, alternating,
// on one keep-alive connection; prints p50 and p95 (aim: p95 under 5 ms).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { openPostgres } from '#server/db/client.js';
import { hashPassword } from '#server/plugins/passwords.js';
import { loadAverage, median, running, startServer } from './api/servers.js';
import { recreateDatabase, stopServer } from './shared.js';

const ENTRIES = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const DATABASE_NAME = process.env.BENCH_LEDGER_DATABASE ?? 'finishline_bench_ledger';
const CHUNK = 10_000;
const DEAL_ENTRIES = 50;
const WARMUP = 20;
const REQUESTS = 200;
const AIM_ROWS_PER_SECOND = 50_000;
const AIM_PEAK_MB = 100;
const AIM_P95_MS = 5;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A line of /proc/{pid}/status in MB (VmRSS, VmHWM). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

interface Seeded {
  ownerId: number;
  finisherId: number;
  finisherEmail: string;
  bigProjectId: number;
  dealProjectId: number;
}

async function seed(databaseUrl: string): Promise<Seeded> {
  const database = await openPostgres(databaseUrl, 1);
  await database.migrate().finally(() => database.close());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const passwordHash = await hashPassword('bench-password');
    const user = async (name: string, role: string) =>
      (
        await client.query<{ id: number }>(
          `INSERT INTO users (username, email, password_hash, role, email_verified_at) VALUES ($1, $1 || '@bench.test', $2, $3, now()) RETURNING id`,
          [name, passwordHash, role],
        )
      ).rows[0]!.id;
    const ownerId = await user('bench-owner', 'submitter');
    const finisherId = await user('bench-finisher', 'finisher');
    const deal = async (name: string) => {
      const project = (
        await client.query<{ id: number }>(
          `INSERT INTO projects (name, description, tech_stack, code_link, submitter_id, finisher_id, status)
           VALUES ($1, 'A half-built tool whose ledger is benchmarked: every movement of its money is an entry.', '{TypeScript}', 'https://github.com/example/bench', $2, $3, 'in_progress') RETURNING id`,
          [name, ownerId, finisherId],
        )
      ).rows[0]!.id;
      const bid = (
        await client.query<{ id: number }>(
          `INSERT INTO bids (project_id, finisher_id, amount_cents, timeline_days, message, status) VALUES ($1, $2, 100000000, 30, 'The bench deal, paid and held.', 'paid') RETURNING id`,
          [project, finisherId],
        )
      ).rows[0]!.id;
      const payment = (
        await client.query<{ id: number }>(
          `INSERT INTO payments (bid_id, amount_cents, platform_fee_cents, developer_amount_cents, status) VALUES ($1, 100000000, 10000000, 90000000, 'held') RETURNING id`,
          [bid],
        )
      ).rows[0]!.id;
      return { project, payment };
    };
    const big = await deal('Statement bench: a year of ledger entries');
    const small = await deal('Deal ledger bench: fifty entries');
    // The statement's entries over the past year; the small deal's two years back, outside the statement's range.
    const insert = (dealOf: { project: number; payment: number }, from: number, to: number, total: number, key: string, daysAgo = 360) =>
      client.query(
        `INSERT INTO ledger_entries (payment_id, project_id, owner_id, finisher_id, kind, amount_cents, provider_id, note, movement_key, created_at)
         SELECT $1, $2, $3, $4,
           (ARRAY['payment_held','milestone_release','platform_fee','refund','change_order_payment']::ledger_entry_kind[])[1 + i % 5],
           1 + (i * 7919) % 250000,
           'tr_bench_' || i,
           CASE WHEN i % 3 = 0 THEN 'milestone ''Part ' || i || ', the export''' END,
           $5 || i,
           now() - $9::int * interval '1 day' + (i::double precision / $6) * interval '359 days'
         FROM generate_series($7::int, $8::int) AS i`,
        [dealOf.payment, dealOf.project, ownerId, finisherId, key, total, from, to, daysAgo],
      );
    const seedStart = performance.now();
    for (let from = 1; from <= ENTRIES; from += CHUNK) await insert(big, from, Math.min(ENTRIES, from + CHUNK - 1), ENTRIES, 'bench-statement-');
    await insert(small, 1, DEAL_ENTRIES, DEAL_ENTRIES, 'bench-deal-', 1100);
    await client.query('ANALYZE ledger_entries');
    console.log(`Seeded ${DATABASE_NAME}: ${ENTRIES} + ${DEAL_ENTRIES} ledger entries in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    return { ownerId, finisherId, finisherEmail: 'bench-finisher@bench.test', bigProjectId: big.project, dealProjectId: small.project };
  } finally {
    await client.end();
  }
}

/** The same rows the statement sends, in one SELECT from this process: the database and the driver alone. */
async function baselineSelect(databaseUrl: string, finisherId: number): Promise<{ rows: number; ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const start = performance.now();
    const { rowCount } = await client.query(
      `SELECT e.id, e.created_at, e.kind, e.project_id, p.name, e.payment_id, e.amount_cents, e.currency, e.provider_id, e.note
       FROM ledger_entries e LEFT JOIN projects p ON p.id = e.project_id WHERE e.finisher_id = $1 AND e.created_at >= now() - interval '366 days' ORDER BY e.created_at, e.id`,
      [finisherId],
    );
    return { rows: rowCount ?? 0, ms: performance.now() - start };
  } finally {
    await client.end();
  }
}

async function main() {
  if (!Number.isInteger(ENTRIES) || ENTRIES < 1) throw new Error(`entries must be a positive whole number, got ${process.argv[2]}`);
  const databaseUrl = await recreateDatabase(DATABASE_NAME);
  const seeded = await seed(databaseUrl);
  const app = await startServer('finishline', 'bench/api/app-server.ts', databaseUrl);
  const pid = app.child.pid!;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let cookie = '';
  /** One request; the body is counted (bytes and lines), not kept. */
  const send = (method: string, path: string, body?: string, onChunk?: () => void) =>
    new Promise<{ ms: number; status: number; bytes: number; lines: number; text: string; setCookie: string[] }>((resolve, reject) => {
      const start = performance.now();
      const headers: Record<string, string> = cookie ? { cookie } : {};
      if (body) headers['content-type'] = 'application/json';
      request(app.origin + path, { agent, method, headers }, (response) => {
        let bytes = 0;
        let lines = 0;
        let text = '';
        const isCsv = String(response.headers['content-type']).startsWith('text/csv');
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (isCsv) {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
            onChunk?.();
          } else text += chunk.toString('utf8');
        });
        response.on('end', () =>
          resolve({ ms: performance.now() - start, status: response.statusCode ?? 0, bytes, lines, text, setCookie: response.headers['set-cookie'] ?? [] }),
        );
      })
        .on('error', reject)
        .end(body);
    });
  try {
    const login = await send('POST', '/api/login', JSON.stringify({ email: seeded.finisherEmail, password: 'bench-password' }));
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.text}`);
    cookie = login.setCookie.map((line) => line.split(';')[0]).join('; ');
    const loadAtStart = loadAverage();
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    const statementPath = `/api/users/${seeded.finisherId}/ledger.csv?from=${yearAgo}&to=${today}`;

    const idle = statusMb(pid, 'VmRSS');
    console.log(`\nStatement: ${ENTRIES} entries, ${ROUNDS} rounds, server RSS before: ${idle.toFixed(1)} MB (node with tsx's compiled sources)`);
    const rates: number[] = [];
    const peaks: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let peak = statusMb(pid, 'VmRSS');
      const sampler = setInterval(() => (peak = Math.max(peak, statusMb(pid, 'VmRSS'))), 10);
      const result = await send('GET', statementPath);
      clearInterval(sampler);
      peak = Math.max(peak, statusMb(pid, 'VmRSS'));
      if (result.status !== 200) throw new Error(`${statementPath} answered ${result.status}`);
      const rows = result.lines - 1;
      if (rows !== ENTRIES) throw new Error(`the statement held ${rows} rows, not ${ENTRIES}`);
      const rate = rows / (result.ms / 1000);
      rates.push(rate);
      peaks.push(peak);
      console.log(
        `  round ${round}: ${rows} rows, ${(result.bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${result.ms.toFixed(0)} ms = ${Math.round(rate).toLocaleString('en-US')} rows/s, peak RSS ${peak.toFixed(1)} MB (+${(peak - idle).toFixed(1)} MB)`,
      );
    }
    const hwm = statusMb(pid, 'VmHWM');
    const baseline = await baselineSelect(databaseUrl, seeded.finisherId);
    const bestRate = Math.max(...rates);
    const worstPeak = Math.max(...peaks);
    console.log(
      `statement: median ${Math.round(median(rates)).toLocaleString('en-US')} rows/s (aim > ${AIM_ROWS_PER_SECOND.toLocaleString('en-US')}): ${median(rates) > AIM_ROWS_PER_SECOND ? 'ok' : 'MISSED'}; ` +
        `best ${Math.round(bestRate).toLocaleString('en-US')} rows/s`,
    );
    // The aim is what streaming costs: the idle process (Fastify, pg, tsx's compiled sources) is there whatever the file's size.
    console.log(
      `server peak RSS while streaming ${worstPeak.toFixed(1)} MB, ${(worstPeak - idle).toFixed(1)} MB over the idle ${idle.toFixed(1)} MB (aim < ${AIM_PEAK_MB} MB): ${worstPeak - idle < AIM_PEAK_MB ? 'ok' : 'MISSED'}; VmHWM (peak since start) ${hwm.toFixed(1)} MB`,
    );
    console.log(
      `baseline in the same run (one SELECT of the same ${baseline.rows} rows, joined to the project, from this process): ${baseline.ms.toFixed(0)} ms = ${Math.round(baseline.rows / (baseline.ms / 1000)).toLocaleString('en-US')} rows/s`,
    );

    const ledgerPath = `/api/projects/${seeded.dealProjectId}/ledger`;
    const probe = await send('GET', ledgerPath);
    if (probe.status !== 200) {
      console.log(`\nDeal ledger: ${ledgerPath} answered ${probe.status}: the route is not on this branch yet, skipped`);
    } else {
      const entries = (JSON.parse(probe.text) as { entries: unknown[] }).entries.length;
      const times = { ledger: [] as number[], session: [] as number[] };
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        for (const [name, path] of [
          ['ledger', ledgerPath],
          ['session', '/api/session'],
        ] as const) {
          const { ms, status } = await send('GET', path);
          if (status !== 200) throw new Error(`${path} answered ${status}`);
          if (i >= WARMUP) times[name].push(ms);
        }
      }
      const p95 = percentile(times.ledger, 95);
      console.log(`\nDeal ledger: ${entries} entries, ${REQUESTS} requests after ${WARMUP} unmeasured, one keep-alive connection`);
      console.log(
        `  ${ledgerPath}: p50 ${median(times.ledger).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (aim < ${AIM_P95_MS} ms): ${p95 < AIM_P95_MS ? 'ok' : 'MISSED'}`,
      );
      console.log(`  baseline in the same run (/api/session): p50 ${median(times.session).toFixed(2)} ms, p95 ${percentile(times.session, 95).toFixed(2)} ms`);
    }
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
