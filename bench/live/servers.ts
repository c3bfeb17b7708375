// The live benchmark's server processes (Finishline's bench/live/app-server.ts and the bare relay
// bench/live/bare-server.ts), their stats over IPC, and the socket fleets opened on them: shared by
// run.ts's rows and active-pairs.ts's scenario. Every child and fleet is stopped when the
// benchmark exits, however it exits.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ServerStats } from './server-stats.js';
import { type LiveUser, SocketFleet } from './clients.js';
import { stopServer } from '../shared.js';
import { APP_NODE_FLAGS } from '#scripts/node-flags.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const CONNECT_CONCURRENCY = 100;

const running = new Set<ChildProcess>();
const fleets = new Set<SocketFleet>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export interface Server {
  name: string;
  child: ChildProcess;
  origin: string;
  pid: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Starts Finishline: `node --expose-gc --import tsx bench/live/app-server.ts <db> [redis]`. */
export function startServer(name: string, databaseUrl: string, redis?: string): Promise<Server> {
  return startScript(name, 'bench/live/app-server.ts', [databaseUrl, ...(redis ? [redis] : [])]);
}

/**
 * Starts `node --expose-gc [BENCH_LIVE_APP_NODE_ARGS] --import tsx <script> <args>` and waits for
 * its {"port", "pid"} line.
 */
export function startScript(name: string, script: string, scriptArgs: string[]): Promise<Server> {
  const nodeArgs = (process.env.BENCH_LIVE_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = ['--expose-gc', ...APP_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', script, ...scriptArgs];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not print its port within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    let isListening = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"port":(\d+),"pid":(\d+)\}/.exec(output);
      if (match && !isListening) {
        isListening = true;
        clearTimeout(timer);
        resolve({ name, child, origin: `http://127.0.0.1:${match[1]}`, pid: Number(match[2]) });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (isListening) process.stderr.write(`[${name}] ${chunk.toString()}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!isListening) reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** The server's memory (after a full GC) and event-loop delay since the previous call. */
export function requestStats(server: Server): Promise<ServerStats> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${server.name} did not answer a stats request`)), 10_000);
    const onMessage = (message: ServerStats) => {
      if (message?.type !== 'stats') return;
      clearTimeout(timer);
      server.child.off('message', onMessage);
      resolve(message);
    };
    server.child.on('message', onMessage);
    server.child.send({ type: 'stats' });
  });
}

export async function connectFleet(server: Server, users: LiveUser[]): Promise<SocketFleet> {
  const fleet = new SocketFleet();
  fleets.add(fleet);
  const start = performance.now();
  const durations = (await fleet.connect(server.origin, users, CONNECT_CONCURRENCY)).sort((a, b) => a - b);
  console.log(
    `${users.length} sockets connected and authenticated on ${server.name} in ${((performance.now() - start) / 1000).toFixed(2)} s ` +
      `(${CONNECT_CONCURRENCY} handshakes at a time; each connect + auth p50 ${percentile(durations, 50).toFixed(0)} ms, p99 ${percentile(durations, 99).toFixed(0)} ms)`,
  );
  return fleet;
}

export async function closeFleet(fleet: SocketFleet) {
  if (fleet.unexpectedCloses > 0) console.error(`${fleet.unexpectedCloses} authenticated socket(s) closed during the run`);
  await fleet.close();
  fleets.delete(fleet);
}

/** Closes whatever fleets and servers are still open (the end of a run, failed or not). */
export async function stopEverything() {
  for (const fleet of fleets) await fleet.close();
  await Promise.all([...running].map((child) => stopServer(child)));
}
