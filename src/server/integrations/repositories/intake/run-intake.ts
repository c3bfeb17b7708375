import type { IntakeLimits, IntakeResult } from '#shared/domain/repository-report.js';

// Placeholder until the intake worker lands (replaced by the intake branch).
export function runIntakeInChild(input: { gitDir: string; commit: string; limits: IntakeLimits; timeoutMs: number; signal?: AbortSignal }): Promise<IntakeResult> {
  return Promise.reject(new Error(`The intake is not built yet (${input.commit})`));
}
