// What a 10 MB upload does to everyone else's requests (issue 32; aim: other requests' p99 raised
// by at most 20% while 10 MB uploads arrive).
//
//   npx tsx bench/upload-impact.ts [rounds] [seconds]        (default 3 rounds of 10 s per condition)
//
// Fresh PostgreSQL database `finishline_bench_upload` (BENCH_UPLOAD_DATABASE names another) on the
// benchmarks' server, one deal seeded in SQL (bench/live/seed.ts: owner, finisher, open project,
// pending bid, open conversation), Finishline in its own process (bench/live/app-server.ts) with
// UPLOADS_PER_HOUR and CHAT_MESSAGES_PER_MINUTE raised so that no upload is refused. Both parties
// sign in through POST /api/login. Per condition, the owner's `GET /api/projects/{id}` and
// `GET /api/bids/{bidId}/messages` run open loop (bench/api/open-loop.ts) at BENCH_UPLOAD_RATE
// requests/s in all (default 20, half each) while the finisher, on another connection:
//   baseline  sends nothing;
//   zip       posts messages with one 10 MB zip (stored, random bytes) back to back;
//   png       posts messages with one ~10 MB PNG of noise back to back (sharp re-encodes it).
// The conditions alternate, their order rotating every round. Prints per condition the medians
// over rounds, the p99 ratio to the baseline beside the aim (<= 1.2), uploads/s, the server's CPU
// and event-loop delay p99 (and the bench's own: the uploads run in bench/upload-impact-sender.ts so
// that they do not delay the measured requests), and the load average.
// BENCH_UPLOAD_CONDITIONS=baseline,zip picks conditions; BENCH_UPLOAD_GAP_MS pauses after each upload.
import { type ChildProcess, spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '#server/db/client.js';
import { openLoop, type OpenLoopResult } from './api/open-loop.js';
import { seedLiveData } from './live/seed.js';
import { load, requestStats, type Server, startServer, stopEverything } from './live/servers.js';
import { readCpuMs, recreateDatabase, stopServer } from './shared.js';
import type { SenderMessage, UploadKind } from './upload-impact-sender.js';

const rounds = Math.max(1, Number(process.argv[2] ?? 3));
const seconds = Math.max(2, Number(process.argv[3] ?? 10));
const rate = Number(process.env.BENCH_UPLOAD_RATE ?? 20);
const databaseName = process.env.BENCH_UPLOAD_DATABASE ?? 'finishline_bench_upload';
const allConditions = ['baseline', 'zip', 'png'] as const;
type Condition = (typeof allConditions)[number];
const conditions = (process.env.BENCH_UPLOAD_CONDITIONS ?? allConditions.join(','))
  .split(',')
  .filter((name): name is Condition => (allConditions as readonly string[]).includes(name));
if (!conditions.includes('baseline')) conditions.unshift('baseline');
const AIM = 1.2;

async function signIn(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (response.status !== 200) throw new Error(`signing in ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('fl_session='));
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return cookie.split(';')[0]!;
}

/** Starts bench/upload-impact-sender.ts (the finisher's uploads) and waits until its files are built. */
async function startSender(origin: string, bidId: number, cookie: string) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/upload-impact-sender.ts', origin, String(bidId), cookie], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const next = () =>
    new Promise<SenderMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the sender exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: SenderMessage) => {
        child.off('exit', onExit);
        if (message.type === 'failed') reject(new Error(message.error));
        else resolve(message);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`unexpected message from the sender: ${ready.type}`);
  return {
    child,
    sizes: ready.sizes,
    start: (kind: UploadKind) => child.send({ type: 'start', kind }),
    stop: async () => {
      const done = next();
      child.send({ type: 'stop' });
      const message = await done;
      return message.type === 'done' ? message.uploadMs : [];
    },
  };
}

interface Sample {
  project: OpenLoopResult;
  messages: OpenLoopResult;
  uploads: number;
  uploadMs: number[];
  uploadsPerSecond: number;
  serverCpuMsPerSecond: number;
  loopDelayP99: number;
  /** This process's own event-loop delay: when high, the load generator, not the server, was late. */
  clientLoopDelayP99: number;
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fmt = (value: number, digits = 1) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

const databaseUrl = await recreateDatabase(databaseName);
{
  const database = await openPostgres(databaseUrl, 1);
  await database.migrate().finally(() => database.close());
}
const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const { deal, projectId } = await (async () => {
  const [first] = await seedLiveData(seedPool, 1);
  const { rows } = await seedPool.query<{ project_id: number }>('SELECT project_id FROM bids WHERE id = $1', [first!.bidId]);
  return { deal: first!, projectId: rows[0]!.project_id };
})().finally(() => seedPool.end());

process.env.BENCH_APP_ENV = JSON.stringify({ UPLOADS_PER_HOUR: '100000', CHAT_MESSAGES_PER_MINUTE: '100000' });
let server: Server | undefined;
let senderProcess: ChildProcess | undefined;
try {
  server = await startServer('finishline', databaseUrl);
  const { origin } = server;
  const { rows: emails } = await (async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    return pool
      .query<{ id: number; email: string }>('SELECT id, email FROM users WHERE id = ANY($1)', [[deal.ownerId, deal.finisherId]])
      .finally(() => pool.end());
  })();
  const emailOf = (id: number) => emails.find((row) => row.id === id)!.email;
  const ownerCookie = await signIn(origin, emailOf(deal.ownerId));
  const finisherCookie = await signIn(origin, emailOf(deal.finisherId));

  const sender = await startSender(origin, deal.bidId, finisherCookie);
  senderProcess = sender.child;
  const urls = { project: `${origin}/api/projects/${projectId}`, messages: `${origin}/api/bids/${deal.bidId}/messages` };
  for (const url of Object.values(urls)) {
    const response = await fetch(url, { headers: { cookie: ownerCookie } });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  }

  console.log(
    `Load average at start: ${load()}. Owner's GET /api/projects/${projectId} and GET /api/bids/${deal.bidId}/messages, ${rate / 2}/s each (open loop), ` +
      `${seconds} s per condition, ${rounds} rounds; files: zip ${sender.sizes.zip} bytes, png ${sender.sizes.png} bytes`,
  );
  // Warm-up: each route and each kind of upload once, unmeasured.
  await Promise.all(Object.values(urls).map((url) => openLoop({ url, rate: rate / 2, seconds: 2, maxConnections: 20, headers: { cookie: ownerCookie } })));
  for (const condition of conditions) {
    if (condition === 'baseline') continue;
    sender.start(condition);
    await sender.stop();
  }

  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  const samples = new Map<Condition, Sample[]>(conditions.map((condition) => [condition, []]));
  const measure = async (condition: Condition): Promise<Sample> => {
    await requestStats(server!); // resets the event-loop histogram
    clientLoop.reset();
    const cpuBefore = readCpuMs(server!.pid) ?? Number.NaN;
    const startedAt = performance.now();
    if (condition !== 'baseline') sender.start(condition);
    const [project, messages] = await Promise.all(
      Object.values(urls).map((url) => openLoop({ url, rate: rate / 2, seconds, maxConnections: 20, headers: { cookie: ownerCookie } })),
    );
    const measuredSeconds = (performance.now() - startedAt) / 1000;
    const uploadMs = condition === 'baseline' ? [] : await sender.stop();
    const uploads = uploadMs.length;
    const cpuMs = (readCpuMs(server!.pid) ?? Number.NaN) - cpuBefore;
    const stats = await requestStats(server!);
    return {
      project: project!,
      messages: messages!,
      uploads,
      uploadMs,
      uploadsPerSecond: uploads / measuredSeconds,
      serverCpuMsPerSecond: cpuMs / measuredSeconds,
      loopDelayP99: stats.loopDelayP99,
      clientLoopDelayP99: clientLoop.percentile(99) / 1e6,
    };
  };

  for (let round = 0; round < rounds; round++) {
    const order = conditions.map((_, index) => conditions[(index + round) % conditions.length]!);
    for (const condition of order) {
      const sample = await measure(condition);
      samples.get(condition)!.push(sample);
      const failures = sample.project.failures + sample.messages.failures;
      console.log(
        `round ${round + 1} ${condition.padEnd(8)} project p50 ${fmt(sample.project.p50)} p99 ${fmt(sample.project.p99)} ms | messages p50 ${fmt(sample.messages.p50)} p99 ${fmt(sample.messages.p99)} ms | ` +
          `uploads ${sample.uploads} (${fmt(sample.uploadsPerSecond, 2)}/s, each p50 ${fmt(median(sample.uploadMs), 0)} ms) | server CPU ${fmt(sample.serverCpuMsPerSecond, 0)} ms/s, loop delay p99 ${fmt(sample.loopDelayP99)} ms (bench's ${fmt(sample.clientLoopDelayP99)})` +
          (failures ? ` | ${failures} failed` : '') +
          ` | load ${load()}`,
      );
    }
  }

  const baseline = samples.get('baseline')!;
  const baseP99 = { project: median(baseline.map((s) => s.project.p99)), messages: median(baseline.map((s) => s.messages.p99)) };
  console.log(`\nMedians over ${rounds} rounds (aim: p99 under uploads <= ${AIM}x the baseline's):`);
  let isMet = true;
  for (const condition of conditions) {
    const list = samples.get(condition)!;
    const row = (key: 'project' | 'messages') => {
      const p99 = median(list.map((s) => s[key].p99));
      const ratio = p99 / baseP99[key];
      if (condition !== 'baseline' && !(ratio <= AIM)) isMet = false;
      const perRound = list.map((s, index) => fmt(s[key].p99 / baseline[index]![key].p99, 2)).join(' ');
      return (
        `${key} p50 ${fmt(median(list.map((s) => s[key].p50)))} p99 ${fmt(p99)} ms` +
        (condition === 'baseline' ? '' : ` (${fmt(ratio, 2)}x; rounds ${perRound})`)
      );
    };
    console.log(
      `${condition.padEnd(8)} ${row('project')} | ${row('messages')} | uploads ${fmt(median(list.map((s) => s.uploadsPerSecond)), 2)}/s` +
        ` (each p50 ${fmt(median(list.flatMap((s) => s.uploadMs)), 0)} ms) | server CPU ${fmt(median(list.map((s) => s.serverCpuMsPerSecond)), 0)} ms/s | loop delay p99 ${fmt(median(list.map((s) => s.loopDelayP99)))} ms (bench's ${fmt(median(list.map((s) => s.clientLoopDelayP99)))})`,
    );
  }
  console.log(`Aim (p99 <= ${AIM}x baseline under 10 MB uploads): ${isMet ? 'met' : 'missed'}. Load average at end: ${load()}`);
} finally {
  if (senderProcess) await stopServer(senderProcess);
  await stopEverything();
}
