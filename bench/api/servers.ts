// The API benchmarks' child servers: Finishline (app-server.ts) and the bare baseline (bare-server.ts),
// each in its own process on 127.0.0.1, and the PostgreSQL backends that serve each of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import { readCpuMs } from '../shared.js';
import { APP_NODE_FLAGS } from '#scripts/node-flags.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface Server {
  name: 'finishline' | 'bare';
  child: ChildProcess;
  origin: string;
  /** The application_name its PostgreSQL connections carry, to find their backends. */
  applicationName: string;
}

export const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** A connection string whose sessions carry `applicationName` (pg reads it from the URL). */
export function withApplicationName(databaseUrl: string, applicationName: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

/** Starts `node --import tsx <script> <databaseUrl> ...args` and waits for its {"port": n} line. */
export function startServer(name: Server['name'], script: string, databaseUrl: string, args: string[] = [], nodeArgs: string[] = []): Promise<Server> {
  const applicationName = `bench-${name}`;
  const child = spawn(
    process.execPath,
    [...APP_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', script, withApplicationName(databaseUrl, applicationName), ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
        resolve({ name, child, origin: `http://127.0.0.1:${match[1]}`, applicationName });
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
/** Where two JSON values first differ, for an error that shows the difference rather than the first 800 characters. */
function firstDifference(a: unknown, b: unknown, path = '$'): { path: string; a: unknown; b: unknown } {
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
    }
  }
  return { path, a, b };
}

export async function assertSameAnswers(servers: Server[], paths: string[]) {
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
      const at = firstDifference(first, second);
      throw new Error(
        `the servers answer ${path} differently, first at ${at.path}:\n${servers[0]!.name}: ${JSON.stringify(at.a)?.slice(0, 800)}\n${servers[1]!.name}: ${JSON.stringify(at.b)?.slice(0, 800)}`,
      );
    }
  }
}

/**
 * CPU milliseconds used so far by the PostgreSQL backends of one application_name (PostgreSQL must
 * run on this machine). Backends that come and go between two readings are counted from zero.
 */
export async function readBackendsCpuMs(admin: pg.Client, applicationName: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = readCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

export function backendsCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

export const loadAverage = () => readFileSyncSafe('/proc/loadavg').split(' ').slice(0, 3).join(' ');

function readFileSyncSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return 'n/a';
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
