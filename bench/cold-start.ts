// Cold start of `npm start` on an existing data directory, to the first 200 from /api/user.
//
//   npx tsx bench/cold-start.ts [runs]      (default 5 runs)
//
// /api/user answers 401 to a visitor, so the first 200 needs a session. The script builds once
// (not timed), starts the server once on a fresh data directory to create and seed the database,
// signs in as a demo user to get the fl_session cookie, and stops it. Each timed run then spawns
// `node scripts/start.mjs` (what `npm start` runs) and polls GET /api/user with that cookie until it
// answers 200. Sessions live in the database, so the cookie stays valid across restarts.
// Node built-ins only; every request goes to 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  build,
  DEMO_EMAIL,
  findFreePort,
  isBuildStale,
  isolatedServerEnv,
  median,
  signIn,
  startServer,
  stopServerGroup,
  waitFor200,
} from './server-process.js';

const AIM_MS = 3000;

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error(`usage: npx tsx bench/cold-start.ts [runs 1-100], got ${process.argv[2]}`);
  process.exit(2);
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  build();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-bench-'));
  try {
    const port = await findFreePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = isolatedServerEnv(port, dataDir);

    console.log(`Creating and seeding the database in ${dataDir}`);
    if (isBuildStale()) build();
    const first = startServer(process.execPath, ['scripts/start.mjs'], env);
    let setupMs: number;
    let cookie: string;
    try {
      setupMs = await waitFor200(first, `${origin}/api/health`, {}, performance.now());
      cookie = await signIn(origin);
    } finally {
      await stopServerGroup(first);
    }
    console.log(`First start (migrate + seed) answered /api/health after ${ms(setupMs)}; signed in as ${DEMO_EMAIL}`);

    const measure = async (label: string, command: string, args: string[]) => {
      if (isBuildStale()) build(); // a source changed meanwhile: keep the rebuild out of the timing
      const startedAt = performance.now();
      const server = startServer(command, args, env);
      try {
        const elapsed = await waitFor200(server, `${origin}/api/user`, { cookie }, startedAt);
        if (server.output().includes('Building Finishline')) console.log(`${label}: note: start.mjs rebuilt during this run`);
        return elapsed;
      } finally {
        await stopServerGroup(server);
      }
    };

    console.log(`\nCold start of \`npm start\` on an existing data directory to the first 200 from /api/user (${runs} runs)`);
    const timings: number[] = [];
    for (let i = 1; i <= runs; i += 1) {
      const elapsed = await measure(`run ${i}`, process.execPath, ['scripts/start.mjs']);
      timings.push(elapsed);
      console.log(`run ${i}: node scripts/start.mjs -> 200 from /api/user in ${ms(elapsed)}`);
    }
    const viaNpm = await measure('npm start', 'npm', ['start']);
    console.log(`once:  npm start -> 200 from /api/user in ${ms(viaNpm)} (includes npm's own start-up)`);

    const mid = median(timings);
    console.log(`\nnode scripts/start.mjs: min ${ms(Math.min(...timings))}, median ${ms(mid)}, max ${ms(Math.max(...timings))}`);
    console.log(`median ${ms(mid)} is ${mid < AIM_MS ? 'under' : 'NOT under'} the ${AIM_MS} ms aim`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
  process.exit(0);
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1); // the 'exit' handler kills any server still running
}
