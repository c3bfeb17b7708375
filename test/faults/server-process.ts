// Finishline as a real server process, the way production runs it: its own pool, its own event
// loop, and a pid the test can SIGKILL. It runs from source through tsx (as `npm run dev` does), so
// it needs no build: `npm test` runs vitest before anything has built dist/.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './private-postgres.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook, no draining, exactly like an OOM kill or a pulled plug. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown of main.ts. */
  stop(): Promise<void>;
}

/**
 * Starts src/server/main.ts on a free port with `env` (DATABASE_URL at least) and resolves once
 * /api/health answers 200, i.e. once migrations ran and the server listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-faults-app-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      // Every load test comes from one address.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, pid: child.pid!, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was healthy`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms`);
}
