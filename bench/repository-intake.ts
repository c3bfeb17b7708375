// The intake's speed and memory (issue 29, decision 055; aims: a 50 MB,
// 10,000-file repository read in under 30 s by a worker whose peak RSS stays under 300 MB).
//
//   npx tsx bench/repository-intake.ts [runs]      (default 1 run)
//
// Builds a deterministic bare repository with fast-import in a temporary directory (10,000 files of
// about 5 KB in 10 extensions, 100 folders, 10 commits), then times runIntakeInChild on it: the real
// worker process, niced, with its 256 MB heap cap. Beside it, in the same run, the bare floor: one
// `git cat-file --batch-all-objects --batch` reading every object of the repository. Pinned to one
// core (it re-runs itself under `taskset -c 0` when taskset exists; the worker inherits the pinning),
// since that is what one intake gets on a busy two-core machine; the worker's CPU time is printed too,
// the steadier figure when other processes share the core. Exits 1 when an aim is missed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gitEnv } from '#server/integrations/repositories/git-cli.js';
import { buildBenchRepository as buildRepository, FILES } from './intake-repository.js';
import { runIntakeInChild } from '#server/integrations/repositories/intake/run-intake.js';
import { intakeLimits } from '#shared/domain/repository-report.js';

if (!process.env.BENCH_PINNED && spawnSync('taskset', ['-V']).status === 0) {
  const pinned = spawnSync('taskset', ['-c', '0', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(pinned.status ?? 1);
}

const AIM_MS = 30_000;
const AIM_RSS_KB = 300 * 1024;
const runs = Number(process.argv[2] ?? 1);

/** CPU milliseconds of this process's finished children (cutime + cstime of /proc/self/stat): the worker and its git processes. */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // USER_HZ is 100 on mainstream Linux
  } catch {
    return null;
  }
}

/** The floor: git alone streaming every object of the repository out, nothing parsed. */
function catFileFloor(gitDir: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('git', ['cat-file', '--batch-all-objects', '--batch'], { env: gitEnv({}, gitDir), stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(`cat-file exited ${code}`))));
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-intake-'));
try {
  console.log(
    `load average at start: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  const started = performance.now();
  const repo = await buildRepository(dir);
  console.log(`repository: ${FILES} files, ${(repo.bytes / 1e6).toFixed(1)} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`pinned to one core: ${process.env.BENCH_PINNED ? 'yes (taskset -c 0)' : 'no (taskset not found)'}`);

  let failed = false;
  for (let run = 1; run <= runs; run += 1) {
    const floor = await catFileFloor(repo.gitDir);
    const cpuBefore = childrenCpuMs();
    const runStarted = performance.now();
    const { result, maxRssKb } = await runIntakeInChild({ ...repo, limits: intakeLimits, timeoutMs: 120_000 });
    const ms = performance.now() - runStarted;
    await new Promise((resolve) => setTimeout(resolve, 200)); // the worker is reaped just after its answer
    const cpuAfter = childrenCpuMs();
    const cpu = cpuBefore === null || cpuAfter === null ? 'unknown' : `${((cpuAfter - cpuBefore) / 1000).toFixed(2)} s`;
    const { figures } = result;
    const languages = figures.languages.map((language) => `${language.name} ${language.share}%`).join(', ');
    console.log(`\nrun ${run}: files ${figures.files}, ${figures.linesOfCode} lines of code, ${figures.todoPerKloc} TODO/kloc, partial ${result.partial}`);
    console.log(`  languages: ${languages}`);
    console.log(`  baseline  git cat-file --batch-all-objects: ${(floor.ms / 1000).toFixed(2)} s for ${(floor.bytes / 1e6).toFixed(1)} MB`);
    console.log(
      `  intake    wall ${(ms / 1000).toFixed(2)} s (aim < ${AIM_MS / 1000} s), worker max RSS ${(maxRssKb / 1024).toFixed(0)} MB (aim < ${AIM_RSS_KB / 1024} MB)`,
    );
    console.log(`            worker CPU ${cpu} (the rest of the wall time the niced worker waited for the core)`);
    if (ms >= AIM_MS || maxRssKb >= AIM_RSS_KB) failed = true;
  }
  console.log(failed ? '\nMISSED an aim' : '\nboth aims met');
  if (failed) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
