// Finishline as operators run it: src/server/main.ts in a process of its own, stopped by a signal.
// It runs from source through tsx, so it needs no build (`npm test` runs vitest before the build).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Generous: tsx compiles the server on the way, and CI machines are shared.
const START_TIMEOUT_MS = 90_000;

/** One line of the server's pino JSON log. */
export interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  /** The request's line (plugins/request-log.ts): method, path without query, status. */
  method?: string;
  url?: string;
  statusCode?: number;
  [field: string]: unknown;
}

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  /** Every JSON line the server logged so far. */
  logs: LogLine[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
  /** Resolves with the first log line that matches, logged already or still to come. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/**
 * Starts the server with `env` on a port the system picks (PORT=0) and resolves once it listens:
 * migrations have run by then. The port comes from Fastify's "Server listening at" line.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const listeners = new Set<() => void>();
  // Whatever it wrote that was not JSON (Node warnings, a crash's stack trace), for failure messages.
  let otherOutput = '';
  createInterface({ input: child.stdout }).on('line', (text) => {
    try {
      logs.push(JSON.parse(text) as LogLine);
    } catch {
      otherOutput += `${text}\n`;
    }
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    otherOutput += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  const waitForLog: ServerProcess['waitForLog'] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (found) {
          done();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching log line within ${timeoutMs} ms; output:\n${everything()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  const everything = () => `${logs.map((line) => JSON.stringify(line)).join('\n')}\n${otherOutput}`;

  const prefix = 'Server listening at ';
  const listening = waitForLog((line) => line.msg?.startsWith(`${prefix}http://127.0.0.1:`) ?? false, START_TIMEOUT_MS);
  let started: LogLine;
  try {
    started = await Promise.race([
      listening,
      exited.then((code) => {
        throw new Error(`the server exited with ${code} before listening:\n${everything()}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const port = Number(new URL(started.msg!.slice(prefix.length)).port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    logs,
    exited,
    signal: (name) => child.kill(name),
    waitForLog,
  };
}

/** SIGTERM, and SIGKILL if it has not exited in time: a test's clean-up must not leave processes behind. */
export async function stopServerProcess(server: ServerProcess | undefined, timeoutMs = 15_000): Promise<void> {
  if (!server) return;
  server.signal('SIGTERM');
  const timer = setTimeout(() => server.signal('SIGKILL'), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}
