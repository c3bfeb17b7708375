import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeLimits } from '#shared/domain/repository-report.js';
import { buildKnownRepository } from '#test/fixtures/repositories.js';
import { runIntakeInChild } from './run-intake.js';

const dir = mkdtempSync(path.join(tmpdir(), 'intake-child-'));
let known: { gitDir: string; commit: string };
beforeAll(async () => {
  known = await buildKnownRepository(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runIntakeInChild', () => {
  it('reads the repository in a child process and answers its figures and peak memory', async () => {
    const { result, maxRssKb } = await runIntakeInChild({ ...known, limits: intakeLimits, timeoutMs: 20_000 });
    expect(result.partial).toBe(false);
    expect(result.problems).toEqual([]);
    expect(result.figures).toMatchObject({ files: 10, linesOfCode: 32, todoPerKloc: 125, commits: 3, contributors: 2, testFrameworks: ['pytest', 'Vitest'] });
    expect(maxRssKb).toBeGreaterThan(10_000);
    expect(maxRssKb).toBeLessThan(300_000);
  });

  it("answers the worker's error when the commit does not exist", async () => {
    await expect(runIntakeInChild({ gitDir: known.gitDir, commit: 'b'.repeat(40), limits: intakeLimits, timeoutMs: 20_000 })).rejects.toThrow(
      `The commit ${'b'.repeat(40)} does not exist in the repository`,
    );
  });

  it('kills the worker at the timeout', async () => {
    await expect(runIntakeInChild({ ...known, limits: intakeLimits, timeoutMs: 50 })).rejects.toThrow('The intake took longer than 50 ms');
  });

  it('rejects when the worker crashes without an answer', async () => {
    const crashing = path.join(dir, 'crashing-worker.mjs');
    writeFileSync(crashing, "process.stderr.write('out of memory\\n'); process.exit(3);\n");
    await expect(runIntakeInChild({ ...known, limits: intakeLimits, timeoutMs: 20_000, workerPath: crashing })).rejects.toThrow(
      'The intake worker ended (exit 3) without an answer: out of memory',
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const run = runIntakeInChild({ ...known, limits: intakeLimits, timeoutMs: 20_000, signal: controller.signal });
    controller.abort(new Error('Shutting down'));
    await expect(run).rejects.toThrow('Shutting down');
  });
});
