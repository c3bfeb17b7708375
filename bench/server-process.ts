// Helpers of the benchmarks that run the built app as `npm start` does: build when a source is newer
// than the build, start the server in a process group of its own on a free loopback port with a
// fresh data directory, wait for an answer, sign in as a demo user, and stop it all on the way out.
// Node built-ins only; every request goes to 127.0.0.1.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const POLL_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 60_000; // the first start migrates and seeds; later ones should take seconds
const STOP_TIMEOUT_MS = 15_000;
// A demo account from src/server/db/seed-data.ts (DEMO_PASSWORD), written out: the benchmarks talk to
// the built server over HTTP and import none of its sources.
export const DEMO_EMAIL = 'maya@demo.finishline.dev';
const DEMO_PASSWORD = 'finishline';

/** Mirrors scripts/start.mjs: true when a source is newer than the build, so start would rebuild. */
export function isBuildStale(): boolean {
  const outputs = ['dist/client/index.html', 'dist/ssr/server-render.js', 'dist/server/main.js'].map((f) => path.join(root, f));
  const inputs = ['src', 'vite.config.ts', 'scripts/build-server.mjs', 'tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json'];
  const newestMtime = (target: string): number => {
    if (!existsSync(target)) return 0;
    const stat = statSync(target);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
  };
  const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const changedAt = Math.max(...inputs.map((f) => newestMtime(path.join(root, f))));
  return builtAt < changedAt;
}

export function build() {
  console.log('Building before measuring (not timed): npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  if (result.status === 0) return;
  // tsc still writes its output when it reports type errors; what matters here is a current build.
  if (isBuildStale()) throw new Error(`npm run build failed (status ${result.status}, ${result.error?.message ?? 'no error'})`);
  console.log(`npm run build exited with status ${result.status}; its output is current, continuing`);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * The environment of a server on its own: the default configuration (embedded PGlite on `dataDir`,
 * no Redis, demo data), listening on loopback only at `port`.
 */
export function isolatedServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'SEED_DEMO_DATA']) delete env[name];
  return env;
}

export interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts a server in its own process group, so that `npm start`'s children are stopped too. */
export function startServer(command: string, args: string[], env: NodeJS.ProcessEnv): Server {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  running.add(child);
  return { child, exited, output: () => output };
}

// Every server group started, killed on the way out in case one outlived its stop.
const running = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.once('exit', () => running.forEach((child) => killGroup(child, 'SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const isGroupAlive = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM to the server's process group, then waits until every process in it is gone. The group
 * matters for `npm start`: npm forwards SIGTERM to `sh -c "node scripts/start.mjs"`, and sh does
 * not pass it on, so the server itself would keep running.
 */
export async function stopServerGroup(server: Server) {
  if (!server.child.pid || !isGroupAlive(server.child)) return;
  killGroup(server.child, 'SIGTERM');
  const deadline = performance.now() + STOP_TIMEOUT_MS;
  while (isGroupAlive(server.child)) {
    if (performance.now() > deadline) {
      killGroup(server.child, 'SIGKILL');
      await server.exited;
      throw new Error(`server did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
    }
    await sleep(POLL_INTERVAL_MS);
  }
  await server.exited;
}

/** Polls `url` every 20 ms until it answers 200; returns ms since `startedAt`. */
export async function waitFor200(server: Server, url: string, headers: Record<string, string>, startedAt: number): Promise<number> {
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  let lastStatus = 'no answer';
  while (performance.now() - startedAt < START_TIMEOUT_MS) {
    if (hasExited) throw new Error(`server exited before answering 200:\n${server.output()}`);
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
      lastStatus = `HTTP ${response.status}`;
    } catch {
      // not listening yet
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`no 200 from ${url} within ${START_TIMEOUT_MS} ms (last: ${lastStatus}):\n${server.output()}`);
}

/** Signs in as the demo user; answers the `fl_session=...` cookie pair. */
export async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`sign-in as ${DEMO_EMAIL} failed: ${response.status} ${body}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('fl_session='));
  if (!cookie) throw new Error('sign-in answered 200 without an fl_session cookie');
  return cookie.split(';')[0]!;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
