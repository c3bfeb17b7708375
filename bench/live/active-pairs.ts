// The live benchmark's conversation scenario (issue 32: "with 2,000 sockets and 200 active pairs
// typing and sending, chat p99 under 20 ms and memory under 12 KB per socket"). Every seeded user
// holds a socket; the two parties of the first BENCH_LIVE_ACTIVE_PAIRS bids talk: each sends a
// typing signal over its socket every 1 to 2 s and a chat message through
// POST /api/bids/{bidId}/messages every 4 to 6 s, on its own random phase. Timed: a message from
// just before its POST to the other party's socket receiving its new_message, a typing signal from
// its send to the other party's socket receiving `{type:'typing'}`. Each round runs Finishline and,
// as the baseline, the bare relay (bench/live/bare-server.ts: the same protocol with no app), each
// in a fresh process, their order alternating round to round.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveUser } from './clients.js';
import { type ActiveKnobs, type ActiveResult, type Pair, runActivePairs } from './conversation-load.js';
import type { Deal } from './seed.js';
import { closeFleet, connectFleet, load, mib, percentile, requestStats, type Server, startScript, startServer } from './servers.js';
import { readCpuMs, stopServer } from '../shared.js';

const AIM_CHAT_P99_MS = 20;
const AIM_KIB_PER_SOCKET = 12;
const WARMUP_PAIRS = 25;

interface ActiveRow {
  round: number;
  server: 'finishline' | 'bare relay';
  sockets: number;
  result: ActiveResult;
  /** RSS and heap growth per socket: just after opening them, and after the run with them still open. */
  rssKiBOpen: number;
  rssKiBActive: number;
  heapKiBActive: number;
  cpuMsPerSecond: number | null;
  serverLoopDelayP99: number;
}

/** Starts one server, warms it with a few pairs, opens every socket and runs the pairs. */
async function measureOnce(
  round: number,
  kind: ActiveRow['server'],
  start: () => Promise<Server>,
  users: LiveUser[],
  pairs: Pair[],
  knobs: ActiveKnobs,
): Promise<ActiveRow> {
  const server = await start();
  try {
    // JIT, the database pool and the limiter's paths, before the idle figure; these sockets close again.
    const warmPairs = pairs.slice(0, WARMUP_PAIRS);
    const warmFleet = await connectFleet(
      server,
      warmPairs.flatMap((pair) => [pair.owner, pair.finisher]),
    );
    if (knobs.warmupSeconds > 0) await runActivePairs(warmFleet, server.origin, warmPairs, knobs, knobs.warmupSeconds, `warm-up ${kind} ${Date.now()}`);
    await closeFleet(warmFleet);
    const idle = await requestStats(server);
    const fleet = await connectFleet(server, users);
    const open = await requestStats(server);
    const cpuBefore = readCpuMs(server.pid);
    const result = await runActivePairs(fleet, server.origin, pairs, knobs, knobs.seconds, `round ${round} ${kind} ${Date.now()}`);
    const cpuAfter = readCpuMs(server.pid);
    const active = await requestStats(server);
    await closeFleet(fleet);
    if (result.firstError) console.error(`  ${kind}: ${result.firstError}`);
    const perSocket = (bytes: number) => bytes / users.length / 1024;
    console.log(
      `  ${kind}: RSS idle ${mib(idle.rss)} MiB, ${users.length} sockets open ${mib(open.rss)} MiB, after the run ${mib(active.rss)} MiB; load average ${load()}`,
    );
    return {
      round,
      server: kind,
      sockets: users.length,
      result,
      rssKiBOpen: perSocket(open.rss - idle.rss),
      rssKiBActive: perSocket(active.rss - idle.rss),
      heapKiBActive: perSocket(active.heapUsed - idle.heapUsed),
      cpuMsPerSecond: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / knobs.seconds,
      serverLoopDelayP99: active.loopDelayP99,
    };
  } finally {
    await stopServer(server.child);
  }
}

function printRows(rows: ActiveRow[]) {
  const header = [
    'round',
    'server',
    'sockets',
    'msgs sent/delivered',
    'chat p50',
    'chat p99',
    'chat max',
    'POST p99',
    'typing sent/relayed',
    'typing p50',
    'typing p99',
    'KiB/socket open/run',
    'heap KiB/socket',
    'CPU ms/s',
    'loop p99 srv/cli',
  ];
  const ms = (value: number) => value.toFixed(1);
  const lines = rows.map(({ round, server, sockets, result: r, rssKiBOpen, rssKiBActive, heapKiBActive, cpuMsPerSecond, serverLoopDelayP99 }) => [
    String(round),
    server,
    String(sockets),
    `${r.messagesSent}/${r.messagesDelivered}`,
    ms(percentile(r.chatLatencies, 50)),
    ms(percentile(r.chatLatencies, 99)),
    ms(r.chatLatencies.at(-1) ?? NaN),
    ms(percentile(r.postLatencies, 99)),
    `${r.typingSent}/${r.typingRelayed}`,
    ms(percentile(r.typingLatencies, 50)),
    ms(percentile(r.typingLatencies, 99)),
    `${rssKiBOpen.toFixed(1)}/${rssKiBActive.toFixed(1)}`,
    heapKiBActive.toFixed(1),
    cpuMsPerSecond === null ? 'n/a' : cpuMsPerSecond.toFixed(0),
    `${serverLoopDelayP99.toFixed(0)}/${r.clientLoopDelayP99.toFixed(0)}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** Each figure of Finishline's, pooled over the rounds, beside the bare relay's and the aim. */
function printSummary(rows: ActiveRow[]) {
  const pooled = (kind: ActiveRow['server'], pick: (r: ActiveResult) => number[]) =>
    rows
      .filter((row) => row.server === kind)
      .flatMap((row) => pick(row.result))
      .sort((a, b) => a - b);
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const memory = (kind: ActiveRow['server']) => median(rows.filter((row) => row.server === kind).map((row) => row.rssKiBActive));
  const chat = pooled('finishline', (r) => r.chatLatencies);
  const typing = pooled('finishline', (r) => r.typingLatencies);
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
  console.log(`\n${'figure (pooled over the rounds)'.padEnd(34)}  ${'finishline'.padStart(10)}  ${'bare relay'.padStart(10)}  aim`);
  const line = (name: string, app: number, bare: number, aim: string) =>
    console.log(`${name.padEnd(34)}  ${app.toFixed(1).padStart(10)}  ${bare.toFixed(1).padStart(10)}  ${aim}`);
  line(
    'chat p99 ms',
    percentile(chat, 99),
    percentile(
      pooled('bare relay', (r) => r.chatLatencies),
      99,
    ),
    `< ${AIM_CHAT_P99_MS}: ${verdict(percentile(chat, 99) < AIM_CHAT_P99_MS)}`,
  );
  line(
    'chat p50 ms',
    percentile(chat, 50),
    percentile(
      pooled('bare relay', (r) => r.chatLatencies),
      50,
    ),
    '',
  );
  line(
    'typing relay p99 ms',
    percentile(typing, 99),
    percentile(
      pooled('bare relay', (r) => r.typingLatencies),
      99,
    ),
    '',
  );
  line(
    'RSS KiB per socket (median)',
    memory('finishline'),
    memory('bare relay'),
    `< ${AIM_KIB_PER_SOCKET}: ${verdict(memory('finishline') < AIM_KIB_PER_SOCKET)}`,
  );
}

/** The scenario: `knobs.rounds` rounds of Finishline and the bare relay, alternating which goes first. */
export async function runActiveScenario(databaseUrl: string, deals: Deal[], users: LiveUser[], knobs: ActiveKnobs): Promise<ActiveRow[]> {
  const usersById = new Map(users.map((user) => [user.id, user]));
  const pairs: Pair[] = deals
    .slice(0, knobs.pairs)
    .map((deal) => ({ bidId: deal.bidId, owner: usersById.get(deal.ownerId)!, finisher: usersById.get(deal.finisherId)! }));
  const dataPath = path.join(tmpdir(), `finishline-bench-live-bare-${process.pid}.json`);
  writeFileSync(
    dataPath,
    JSON.stringify({ sessions: users.map((user) => [user.token, user.id]), bids: deals.map((deal) => [deal.bidId, deal.ownerId, deal.finisherId]) }),
  );
  const [typingMin, typingMax] = knobs.typingEveryMs;
  const [messageMin, messageMax] = knobs.messageEveryMs;
  console.log(
    `\nconversations: ${users.length} sockets, ${knobs.pairs} active pairs; each active party types every ${typingMin}-${typingMax} ms and sends a message every ${messageMin}-${messageMax} ms ` +
      `(about ${((2 * knobs.pairs * 2000) / (typingMin + typingMax)).toFixed(0)} typing signals and ${((2 * knobs.pairs * 2000) / (messageMin + messageMax)).toFixed(0)} messages a second), ` +
      `${knobs.seconds} s a run after ${knobs.warmupSeconds} s of warm-up on ${WARMUP_PAIRS} pairs; ${knobs.rounds} round(s) of Finishline and the bare relay, a fresh process each`,
  );
  const rows: ActiveRow[] = [];
  const runs = {
    finishline: () => measureOnce(0, 'finishline', () => startServer('finishline', databaseUrl), users, pairs, knobs),
    bare: () => measureOnce(0, 'bare relay', () => startScript('bare relay', 'bench/live/bare-server.ts', [dataPath]), users, pairs, knobs),
  };
  for (let round = 1; round <= knobs.rounds; round++) {
    const order = round % 2 === 1 ? [runs.finishline, runs.bare] : [runs.bare, runs.finishline];
    for (const run of order) rows.push({ ...(await run()), round });
  }
  console.log(
    `\nchat = from just before POST /api/bids/{bidId}/messages to the other party's socket receiving new_message; typing = from the typist's {type:'typing'} to the other party's socket receiving it; ` +
      `KiB/socket = the server's RSS after a full GC, over its idle figure, per socket: just after opening them / after the run with them still open; heap likewise after the run; ` +
      `CPU ms/s = the server process's CPU per second of the run; loop p99 = event-loop delay p99 (ms) of the server / this client\n`,
  );
  printRows(rows);
  printSummary(rows);
  return rows;
}

/** Whether a row lost anything: a refused or failed POST, a message never received, a typing signal misrouted. */
export function hasLosses(row: ActiveRow): boolean {
  const r = row.result;
  return r.messagesAccepted < r.messagesSent || r.messagesDelivered < r.messagesAccepted || r.typingMisrouted > 0;
}
