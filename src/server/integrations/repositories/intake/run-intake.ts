import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gitEnv } from '#server/integrations/repositories/git-cli.js';
import type { IntakeLimits, IntakeResult } from '#shared/domain/repository-report.js';
import type { IntakeWorkerAnswer, IntakeWorkerInput } from './intake-worker.js';

export interface RunIntakeInput {
  gitDir: string;
  commit: string;
  limits: IntakeLimits;
  /** The child is killed after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Another worker script (tests hand one that crashes); the intake worker by default. */
  workerPath?: string;
}

export interface IntakeRun {
  result: IntakeResult;
  /** The worker's peak resident memory, in kilobytes. */
  maxRssKb: number;
}

/**
 * In source (tsx, Vitest) this module is a .ts file beside intake-worker.ts; in the build it is bundled
 * into a file of dist/server, where scripts/build-server.mjs writes intake-worker.js beside it.
 */
const runningFromSource = path.extname(fileURLToPath(import.meta.url)) === '.ts';
const defaultWorkerPath = fileURLToPath(new URL(runningFromSource ? './intake-worker.ts' : './intake-worker.js', import.meta.url));

/** Node's flags for the worker: a heap cap (a hostile repository cannot take the machine's memory) and, from source, tsx. */
function workerExecArgv(): string[] {
  const heap = '--max-old-space-size=256';
  if (!runningFromSource) return [heap];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return [heap, '--import', pathToFileURL(tsx).href];
}

function describeMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * Reads a repository's commit in a child process: niced (the API keeps its CPU), with a capped heap,
 * git's minimal environment (no secret of this process) and killed at the timeout.
 */
export function runIntakeInChild({ commit, limits, timeoutMs, signal, workerPath = defaultWorkerPath, ...input }: RunIntakeInput): Promise<IntakeRun> {
  // Absolute, since the worker runs in another directory.
  const gitDir = path.resolve(input.gitDir);
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    // cwd is the bare repository: no relative path the worker might ever open can reach the application's files.
    const child = fork(workerPath, [], {
      cwd: gitDir,
      execArgv: workerExecArgv(),
      env: gitEnv(),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Raising a child's niceness is always allowed on Linux; elsewhere the intake runs at normal priority.
      }
    }
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, run?: IntakeRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else if (run) resolve(run);
    };
    const timer = setTimeout(() => finish(new Error(`The intake took longer than ${describeMs(timeoutMs)}`)), timeoutMs);
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('The intake was cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    child.on('message', (answer: IntakeWorkerAnswer) => {
      if (answer.ok) finish(null, { result: answer.result, maxRssKb: answer.maxRssKb });
      else finish(new Error(answer.message));
    });
    child.on('error', (error) => finish(error));
    // 'close' rather than 'exit': it comes after the IPC channel is drained, so an answer sent just before exiting is never lost.
    child.on('close', (code, exitSignal) => {
      const tail = stderr.trim().split('\n').slice(-3).join(' ');
      finish(new Error(`The intake worker ended (${exitSignal ?? `exit ${code}`}) without an answer${tail ? `: ${tail}` : ''}`));
    });
    const message: IntakeWorkerInput = { gitDir, commit, limits };
    child.send(message);
  });
}
