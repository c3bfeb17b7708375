// Live delivery: 2,000 authenticated sockets, chat messages sent through the API, send-to-receive
// latency and the server's memory per connection (aim: p99 under 50 ms on one instance).
//
//   npx tsx bench/live/run.ts
//
// Creates a fresh database finishline_bench_live next to BENCH_DATABASE_URL (else TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test), seeds 1,000 deals (submitter, project, finisher, bid,
// open conversation) and a session per user, starts Finishline (bench/live/app-server.ts) in its own
// process, opens one socket per user from this one and measures. Then, if Redis answers, the same
// through two instances: sockets on B, messages posted to A. Last, the conversations scenario
// (active-pairs.ts: 200 pairs typing and sending among the 2,000 sockets, beside a bare relay).
// Optional: BENCH_LIVE_DATABASE (default finishline_bench_live), BENCH_LIVE_RATES (messages/s of the
// one-instance rows, 10 s each; default "50,200,500", "off" skips them; the two-instance row runs at
// 200/s), the BENCH_LIVE_ACTIVE_* and BENCH_LIVE_*_EVERY_MS knobs of active-pairs.ts, BENCH_LIVE_REDIS_URL
// (default redis://127.0.0.1:6379; "off" skips the two-instance row), BENCH_LIVE_APP_NODE_ARGS (extra
// node flags for the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '#server/config.js';
import { openPostgres } from '#server/db/client.js';
import { createSession } from '#server/plugins/session-store.js';
import { type LiveUser, type LoadResult, type Send, type SocketFleet, sendPaced } from './clients.js';
import { readActiveKnobs } from './conversation-load.js';
import { hasLosses, runActiveScenario } from './active-pairs.js';
import { type Deal, seedLiveData } from './seed.js';
import { closeFleet, connectFleet, load, mib, percentile, requestStats, type Server, startServer, stopEverything } from './servers.js';
import { readCpuMs, recreateDatabase, stopServer } from '../shared.js';

const redisUrl = process.env.BENCH_LIVE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_NAME = process.env.BENCH_LIVE_DATABASE ?? 'finishline_bench_live';
const DEALS = 1_000; // 2,000 users, each holding one socket
const RATES = process.env.BENCH_LIVE_RATES === 'off' ? [] : (process.env.BENCH_LIVE_RATES ?? '50,200,500').split(',').map(Number);
const TWO_INSTANCE_RATE = 200;
const ROW_SECONDS = 10;
const WARMUP = { count: 100, rate: 100 };
const WARMUP_SOCKETS = 50;
const AIM_P99_MS = 50;
// The server refuses a 31st message within a minute from one sender (CHAT_MESSAGES_PER_MINUTE's
// default, kept here rather than raised): every sender stays under this for the whole run.
const MAX_SENDS_PER_SENDER = 25;

if (RATES.some((rate) => !Number.isInteger(rate) || rate < 1 || rate > 2_000)) {
  console.error(`BENCH_LIVE_RATES must be whole messages per second from 1 to 2000 (or off), got ${process.env.BENCH_LIVE_RATES}`);
  process.exit(2);
}

/**
 * CPU milliseconds used so far by each PostgreSQL backend serving the bench database (the server
 * runs on this machine), by pid. The difference over a row is PostgreSQL's share of the work.
 */
async function readDatabaseCpuMs(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return new Map(
    rows.flatMap(({ pid }) => {
      const ms = readCpuMs(pid);
      return ms === null ? [] : [[pid, ms] as const];
    }),
  );
}

/** A session per user, made directly (no 2,000 argon2 logins), 10 at a time. */
async function createSessions(databaseUrl: string, userIds: number[]): Promise<LiveUser[]> {
  const database = await openPostgres(databaseUrl, 10);
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false' });
  const users: LiveUser[] = [];
  let next = 0;
  const worker = async () => {
    while (next < userIds.length) {
      const id = userIds[next++]!;
      const { token } = await createSession(database.db, config, id, { userAgent: 'bench/live', ipAddress: '127.0.0.1' });
      users.push({ id, token });
    }
  };
  try {
    await Promise.all(Array.from({ length: 10 }, worker));
  } finally {
    await database.close();
  }
  return users.sort((a, b) => a.id - b.id);
}

/**
 * Hands out sends round the deals: message k goes on deal k mod DEALS, from the owner on even laps
 * and the finisher on odd ones, so consecutive messages hit different users and every user sends
 * equally often. Refuses to hand any sender more than MAX_SENDS_PER_SENDER.
 */
function createRotation(deals: Deal[], usersById: Map<number, LiveUser>) {
  let cursor = 0;
  const sentBy = new Map<number, number>();
  return (count: number): Send[] =>
    Array.from({ length: count }, () => {
      const deal = deals[cursor % deals.length]!;
      const senderId = Math.floor(cursor / deals.length) % 2 === 0 ? deal.ownerId : deal.finisherId;
      cursor++;
      const sends = (sentBy.get(senderId) ?? 0) + 1;
      if (sends > MAX_SENDS_PER_SENDER) throw new Error(`user ${senderId} would send ${sends} messages: over the server's 30 per minute`);
      sentBy.set(senderId, sends);
      return { bidId: deal.bidId, sender: usersById.get(senderId)! };
    });
}

interface Row {
  scenario: string;
  result: LoadResult;
  cpuMsPerMessage: number | null;
  /** PostgreSQL backends' CPU per message; null when it could not be read (a remote server). */
  databaseCpuMsPerMessage: number | null;
  /** PostgreSQL queries the posting server sent per message (BEGIN/COMMIT included). */
  queriesPerMessage: number;
  serverLoopDelayP99: number;
}

/** One paced row: sends through `sendTo`, timed until the fleet (on `socketsOn`) receives them. */
async function measureRow(
  monitor: pg.Client,
  scenario: string,
  fleet: SocketFleet,
  sendTo: Server,
  socketsOn: Server,
  sends: Send[],
  rate: number,
): Promise<Row> {
  await requestStats(socketsOn); // resets the server's event-loop histogram
  const queriesBefore = (await requestStats(sendTo)).queries;
  const databaseBefore = await readDatabaseCpuMs(monitor);
  const cpuBefore = readCpuMs(sendTo.pid);
  const result = await sendPaced(fleet, sendTo.origin, sends, rate, `${scenario} ${Date.now()}`);
  const cpuAfter = readCpuMs(sendTo.pid);
  const databaseAfter = await readDatabaseCpuMs(monitor);
  let databaseCpuMs = 0;
  for (const [pid, ms] of databaseAfter) databaseCpuMs += ms - (databaseBefore.get(pid) ?? 0);
  const stats = await requestStats(socketsOn);
  const queries = (sendTo === socketsOn ? stats : await requestStats(sendTo)).queries - queriesBefore;
  if (result.firstError) console.error(`  ${scenario}: ${result.firstError}`);
  return {
    scenario,
    result,
    cpuMsPerMessage: cpuBefore === null || cpuAfter === null || result.accepted === 0 ? null : (cpuAfter - cpuBefore) / result.accepted,
    databaseCpuMsPerMessage: databaseAfter.size === 0 || result.accepted === 0 ? null : databaseCpuMs / result.accepted,
    serverLoopDelayP99: stats.loopDelayP99,
    queriesPerMessage: result.sent === 0 ? 0 : queries / result.sent,
  };
}

function printTable(rows: Row[]) {
  const header = [
    'scenario',
    'msg/s',
    'sent',
    'delivered',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'POST p50',
    'POST p99',
    'CPU ms/msg app/db',
    'queries/msg',
    'loop p99 srv/cli',
    `aim p99 < ${AIM_P99_MS} ms`,
  ];
  const lines = rows.map(({ scenario, result: r, cpuMsPerMessage, databaseCpuMsPerMessage, queriesPerMessage, serverLoopDelayP99 }) => {
    const p99 = percentile(r.latencies, 99);
    const failed = r.sent - r.accepted;
    const lost = r.sent - r.delivered;
    const verdict = `${p99 < AIM_P99_MS ? 'ok' : 'MISSED'}${failed ? `, ${failed} POSTs failed` : ''}${lost ? `, ${lost} never received` : ''}`;
    const ms = (value: number) => value.toFixed(1);
    return [
      scenario,
      r.achievedRate.toFixed(0),
      String(r.sent),
      String(r.delivered),
      ms(percentile(r.latencies, 50)),
      ms(percentile(r.latencies, 90)),
      ms(p99),
      ms(r.latencies.at(-1) ?? NaN),
      ms(percentile(r.postLatencies, 50)),
      ms(percentile(r.postLatencies, 99)),
      `${cpuMsPerMessage === null ? 'n/a' : cpuMsPerMessage.toFixed(2)}/${databaseCpuMsPerMessage === null ? 'n/a' : databaseCpuMsPerMessage.toFixed(2)}`,
      queriesPerMessage.toFixed(1),
      `${serverLoopDelayP99.toFixed(0)}/${r.clientLoopDelayP99.toFixed(0)}`,
      verdict,
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 1 && i <= 12 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** Whether anything answers PING at the Redis URL within a second (raw RESP, no client needed). */
async function isRedisUp(url: string): Promise<boolean> {
  const { createConnection } = await import('node:net');
  const parsed = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: parsed.hostname, port: Number(parsed.port || 6379) });
    const done = (isUp: boolean) => {
      socket.destroy();
      resolve(isUp);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function main() {
  const limit = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  if (limit && Number(limit) < 2 * DEALS + 500) throw new Error(`open-file limit ${limit} is too low for ${2 * DEALS} sockets: raise it (ulimit -n 8192)`);
  console.log(`load average ${load()} (1, 5, 15 min) at start`);
  const activeKnobs = readActiveKnobs(DEALS);

  const databaseUrl = await recreateDatabase(DATABASE_NAME);
  const database = await openPostgres(databaseUrl, 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const seedStart = performance.now();
  const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const deals = await seedLiveData(seedPool, DEALS).finally(() => seedPool.end());
  const users = await createSessions(
    databaseUrl,
    deals.flatMap((deal) => [deal.ownerId, deal.finisherId]),
  );
  console.log(
    `Seeded ${DATABASE_NAME} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${users.length} users with a session each, ${deals.length} deals (project + bid + open conversation)`,
  );
  const usersById = new Map(users.map((user) => [user.id, user]));
  const nextSends = createRotation(deals, usersById);
  const rows: Row[] = [];
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  try {
    await runScenarios(databaseUrl, users, nextSends, monitor, rows);
  } finally {
    await monitor.end();
  }

  if (rows.length > 0) {
    console.log(
      `\nsend-to-receive latency: from just before POST /api/bids/{bidId}/messages to the recipient's socket receiving new_message; ` +
        `${ROW_SECONDS} s per row, ${2 * DEALS} sockets; POST = the sender's HTTP round trip; CPU = CPU ms per message of the posting server / of PostgreSQL's backends; queries = PostgreSQL queries the posting server sent per message; ` +
        `loop p99 = event-loop delay p99 (ms) of the socket server / this client\n`,
    );
    printTable(rows);
    console.log(`\nload average ${load()} (1, 5, 15 min) after the rows`);
  }
  if (rows.some((row) => row.result.delivered < row.result.sent)) process.exitCode = 1;

  if (activeKnobs.pairs > 0) {
    const activeRows = await runActiveScenario(databaseUrl, deals, users, activeKnobs);
    if (activeRows.some(hasLosses)) process.exitCode = 1;
  }
  console.log(`\nload average ${load()} (1, 5, 15 min) at end`);
}

async function runScenarios(databaseUrl: string, users: LiveUser[], nextSends: (count: number) => Send[], monitor: pg.Client, rows: Row[]) {
  if (RATES.length > 0) await runOneInstanceRows(databaseUrl, users, nextSends, monitor, rows);
  if (redisUrl !== 'off' && (await isRedisUp(redisUrl))) await runTwoInstanceRow(databaseUrl, users, nextSends, monitor, rows);
  else console.log(`no Redis answers at ${redisUrl}: two-instance row skipped`);
}

async function runOneInstanceRows(databaseUrl: string, users: LiveUser[], nextSends: (count: number) => Send[], monitor: pg.Client, rows: Row[]) {
  const server = await startServer('finishline', databaseUrl);
  console.log(`finishline listening on ${server.origin} (pid ${server.pid})`);
  try {
    // Warm the upgrade path (JIT, pool connections) so the baseline is not the cold process.
    await closeFleet(await connectFleet(server, users.slice(0, WARMUP_SOCKETS)));
    const before = await requestStats(server);
    const fleet = await connectFleet(server, users);
    const after = await requestStats(server);
    const perSocket = (key: 'rss' | 'heapUsed') => ((after[key] - before[key]) / users.length / 1024).toFixed(1);
    console.log(
      `server memory after GC: RSS ${mib(before.rss)} -> ${mib(after.rss)} MiB, heap used ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} MiB; ` +
        `per connection: RSS ${perSocket('rss')} KiB, heap ${perSocket('heapUsed')} KiB`,
    );
    await sendPaced(fleet, server.origin, nextSends(WARMUP.count), WARMUP.rate, `warm-up ${Date.now()}`);
    for (const rate of RATES) {
      rows.push(await measureRow(monitor, `1 instance, ${rate}/s`, fleet, server, server, nextSends(rate * ROW_SECONDS), rate));
    }
    await closeFleet(fleet);
  } finally {
    await stopServer(server.child);
  }
}

async function runTwoInstanceRow(databaseUrl: string, users: LiveUser[], nextSends: (count: number) => Send[], monitor: pg.Client, rows: Row[]) {
  const [a, b] = await Promise.all([startServer('instance A', databaseUrl, redisUrl), startServer('instance B', databaseUrl, redisUrl)]);
  console.log(
    `two instances with REDIS_URL=${redisUrl}: A on ${a.origin} (pid ${a.pid}) takes the messages, B on ${b.origin} (pid ${b.pid}) holds the sockets`,
  );
  try {
    const fleet = await connectFleet(b, users);
    await sendPaced(fleet, a.origin, nextSends(WARMUP.count), WARMUP.rate, `warm-up ${Date.now()}`);
    const rate = TWO_INSTANCE_RATE;
    rows.push(await measureRow(monitor, `2 instances + Redis, ${rate}/s`, fleet, a, b, nextSends(rate * ROW_SECONDS), rate));
    await closeFleet(fleet);
  } finally {
    await Promise.all([stopServer(a.child), stopServer(b.child)]);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(stopEverything);
