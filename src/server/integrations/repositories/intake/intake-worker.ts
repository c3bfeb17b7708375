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

async function answer(message: unknown): Promise<IntakeWorkerAnswer> {
  if (!isWorkerInput(message)) return { ok: false, message: 'The intake worker received no repository to read' };
  try {
    const result = await readRepository(message);
    // maxRSS is in kilobytes: the worker's peak, which the bench holds against its aim.
    return { ok: true, result, maxRssKb: process.resourceUsage().maxRSS };
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
