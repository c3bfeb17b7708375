// The API's tail while a repository is read (issue 29: the list's p99 stays within 20% of its
// figure while an intake runs).
//
//   npx tsx bench/repository-intake-load.ts
//
// Creates the API bench's database (BENCH_API_DATABASE, default finishline_bench_intake, next to
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) with
// BENCH_API_PROJECTS (default 10000) projects, starts Finishline (bench/api/app-server.ts) and builds
// the intake bench's 50 MB, 10,000-file repository. Then it paces GET /api/projects at
// BENCH_API_RATE (default 100) requests/s with bench/api/open-loop.ts for BENCH_API_DURATION
// (default 20) s three times: idle, while intakes run back to back (the real worker process,
// niced, as the job's prepare phase runs it), and idle again. It prints each p99, the ratio of the
// busy p99 to the idle ones' mean (aim: at most 1.2), and exits 1 when the aim is missed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { intakeLimits } from '#shared/domain/repository-report.js';
import { runIntakeInChild } from '#server/integrations/repositories/intake/run-intake.js';
import { createBenchDatabase } from './api/database.js';
import { openLoop, type OpenLoopResult } from './api/open-loop.js';
import { loadAverage, startServer } from './api/servers.js';
import { buildBenchRepository } from './intake-repository.js';
import { stopServer } from './shared.js';

const AIM_RATIO = 1.2;
const rate = Number(process.env.BENCH_API_RATE ?? 100);
const seconds = Number(process.env.BENCH_API_DURATION ?? 20);
const projects = Number(process.env.BENCH_API_PROJECTS ?? 10_000);

const line = (label: string, result: OpenLoopResult) =>
  console.log(
    `  ${label.padEnd(16)} p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, ${result.sent} sent, ${result.failures} failed (load ${loadAverage()})`,
  );

async function main() {
  const { databaseUrl } = await createBenchDatabase(process.env.BENCH_API_DATABASE ?? 'finishline_bench_intake', projects);
  const server = await startServer('finishline', 'bench/api/app-server.ts', databaseUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'finishline-intake-load-'));
  try {
    const repo = await buildBenchRepository(dir);
    const url = `${server.origin}/api/projects`;
    const load = () => openLoop({ url, rate, seconds, maxConnections: 50 });
    await openLoop({ url, rate, seconds: 3, maxConnections: 50 }); // warm-up, not counted
    console.log(`GET /api/projects at ${rate}/s for ${seconds} s, ${projects.toLocaleString('en-US')} projects; intake of ${FILES_TEXT(repo.bytes)}:`);
    const before = await load();
    line('idle', before);
    let intakes = 0;
    let isBusy = true;
    const reading = (async () => {
      while (isBusy) {
        await runIntakeInChild({ gitDir: repo.gitDir, commit: repo.commit, limits: intakeLimits, timeoutMs: 120_000 });
        intakes += 1;
      }
    })();
    const during = await load();
    isBusy = false;
    await reading;
    line(`during ${intakes} intake${intakes === 1 ? '' : 's'}`, during);
    const after = await load();
    line('idle again', after);
    const ratio = during.p99 / ((before.p99 + after.p99) / 2);
    console.log(`p99 during an intake / idle p99: ${ratio.toFixed(2)} (aim: at most ${AIM_RATIO})`);
    if (ratio > AIM_RATIO) process.exitCode = 1;
  } finally {
    await stopServer(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const FILES_TEXT = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await main();
