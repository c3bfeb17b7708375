import { readFileSync } from 'node:fs';
import type { IntakeLimits, IntakeResult } from '#shared/domain/repository-report.js';
import { readRepository } from './read-repository.js';

/**
 * The intake's child process (run-intake.ts forks it): it reads one commit and answers over IPC, so
 * that a huge or hostile repository costs this process's memory and CPU, never the API's. It holds
 * no secret (its environment is git's minimal one) and exits after one answer.
 */
export interface IntakeWorkerInput {
  gitDir: string;
  commit: string;
  limits: IntakeLimits;
}

export type IntakeWorkerAnswer = { ok: true; result: IntakeResult; maxRssKb: number } | { ok: false; message: string };

function isWorkerInput(message: unknown): message is IntakeWorkerInput {
  if (typeof message !== 'object' || message === null) return false;
  const input = message as Partial<IntakeWorkerInput>;
  return typeof input.gitDir === 'string' && typeof input.commit === 'string' && typeof input.limits === 'object' && input.limits !== null;
}

/**
 * This process's peak resident memory in kilobytes. Linux keeps getrusage's maxrss across exec, so
 * `process.resourceUsage().maxRSS` of a forked child is at least what its parent held when it forked
 * (a test process of 350 MB made a small intake read as 347 MB). /proc's VmHWM belongs to this
 * process's own memory, begun at exec; elsewhere maxRSS is the figure there is.
 */
function peakRssKb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // no /proc: not Linux
  }
  return process.resourceUsage().maxRSS;
}

async function answer(message: unknown): Promise<IntakeWorkerAnswer> {
  if (!isWorkerInput(message)) return { ok: false, message: 'The intake worker received no repository to read' };
  try {
    const result = await readRepository(message);
    // The worker's peak, which the bench holds against its aim.
    return { ok: true, result, maxRssKb: peakRssKb() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

// An orphan stops: once the API process that forked it is gone, nobody is waiting for the answer.
process.once('disconnect', () => process.exit(1));

process.once('message', (message: unknown) => {
  void answer(message).then((reply) => {
    process.send?.(reply, () => process.exit(0));
  });
});
