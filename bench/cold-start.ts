// Cold start of `npm start` on an existing data directory, to the first 200 from /api/user.
//
//   npx tsx bench/cold-start.ts [runs]      (default 5 runs)
//
// /api/user answers 401 to a visitor, so the first 200 needs a session. The script builds once
// (not timed), starts the server once on a fresh data directory to create and seed the database,
// signs in as a demo user to get the fl_session cookie, and stops it. Each timed run then spawns
// `node scripts/start.mjs` (what `npm start` runs) and polls GET /api/user with that cookie until it
// answers 200. Sessions live in the database, so the cookie stays valid across restarts.
//
// Beside it, alternated round by round, the bare baseline of issue 33: bench/cold-start-bare.mjs, a
// node process that opens the same PGlite directory (with the same extension) and answers the same
// request from the same session row with node:http (aim: the app's median within 1.3x of it). With
// BENCH_COLD_START_BASE=<root of another built checkout>, that checkout's scripts/start.mjs is a
// third variant (a previous commit, say). Each run's CPU time (user + system, all threads, from
// /proc) is printed beside its wall time: the steadier figure when other processes share the machine.
// Node built-ins only; every request goes to 127.0.0.1.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
import { APP_NODE_FLAGS } from '#scripts/node-flags.js';

// Issue 33: the app's median within 1.3x of a bare process opening the same database.
const AIM_RATIO = 1.3;

interface Run {
  wallMs: number;
  cpuMs: number;
}

/** User + system CPU of a process and all its threads so far, from /proc (0 where there is no /proc). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

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
    const first = startServer(process.execPath, [...APP_NODE_FLAGS, 'scripts/start.mjs'], env);
    let setupMs: number;
    let cookie: string;
    try {
      setupMs = await waitFor200(first, `${origin}/api/health`, {}, performance.now());
      cookie = await signIn(origin);
    } finally {
      await stopServerGroup(first);
    }
    console.log(`First start (migrate + seed) answered /api/health after ${ms(setupMs)}; signed in as ${DEMO_EMAIL}`);

    // CPU time of the server process (all its threads) when it first answered: steadier than wall
    // time when other processes share the machine.
    const measure = async (label: string, command: string, args: string[]) => {
      if (isBuildStale()) build(); // a source changed meanwhile: keep the rebuild out of the timing
      const startedAt = performance.now();
      const server = startServer(command, args, env);
      try {
        const wallMs = await waitFor200(server, `${origin}/api/user`, { cookie }, startedAt);
        const cpuMs = processCpuMs(server.child.pid);
        if (server.output().includes('Building Finishline')) console.log(`${label}: note: start.mjs rebuilt during this run`);
        return { wallMs, cpuMs };
      } finally {
        await stopServerGroup(server);
      }
    };

    // BENCH_COLD_START_BASE: the root of another checkout, built (e.g. a previous commit in a
    // temporary worktree), started the same way on the same database as a third variant.
    const baseRoot = process.env.BENCH_COLD_START_BASE;
    const variants = [
      { name: 'app', args: [...APP_NODE_FLAGS, 'scripts/start.mjs'], what: "node scripts/start.mjs with the app's node flags (what npm start runs)" },
      {
        name: 'bare',
        args: ['bench/cold-start-bare.mjs'],
        what: 'node bench/cold-start-bare.mjs (node:http + PGlite on the same directory, reads the same session row)',
      },
      ...(baseRoot
        ? [{ name: 'base', args: [path.join(baseRoot, 'scripts/start.mjs')], what: `node ${baseRoot}/scripts/start.mjs (BENCH_COLD_START_BASE)` }]
        : []),
    ];
    console.log(`\nCold start on an existing data directory to the first 200 from /api/user (${runs} rounds, the variants alternating)`);
    for (const variant of variants) console.log(`  ${variant.name.padEnd(5)} ${variant.what}`);
    console.log(`load average at start: ${loadAverage()}`);
    const results = new Map<string, Run[]>(variants.map((variant) => [variant.name, []]));
    for (let i = 1; i <= runs; i += 1) {
      // Rotate which goes first, so that none always follows another's file-cache and CPU state.
      const order = variants.map((_, k) => variants[(k + i - 1) % variants.length]!);
      for (const variant of order) {
        const run = await measure(`run ${i}`, process.execPath, variant.args);
        results.get(variant.name)!.push(run);
        console.log(`round ${i} ${variant.name.padEnd(5)}: ${ms(run.wallMs)} wall, ${ms(run.cpuMs)} CPU`);
      }
    }
    const viaNpm = await measure('npm start', 'npm', ['start']);
    console.log(`once: npm start -> ${ms(viaNpm.wallMs)} (includes npm's own start-up)`);
    console.log(`load average at end: ${loadAverage()}`);

    const summary = (runsOf: Run[]) => {
      const walls = runsOf.map((r) => r.wallMs);
      return { wall: median(walls), cpu: median(runsOf.map((r) => r.cpuMs)), min: Math.min(...walls), max: Math.max(...walls) };
    };
    const bare = results.get('bare')!;
    const b = summary(bare);
    console.log(`\n       median wall  (min - max)          median CPU   / bare's (wall, CPU; each round's wall)`);
    for (const variant of variants) {
      const of = results.get(variant.name)!;
      const v = summary(of);
      const rounds = of.map((run, k) => (run.wallMs / bare[k]!.wallMs).toFixed(2)).join(', ');
      const ratios = variant.name === 'bare' ? '' : `   ${(v.wall / b.wall).toFixed(2)}x, ${(v.cpu / b.cpu).toFixed(2)}x (${rounds})`;
      console.log(`${variant.name.padEnd(5)}  ${ms(v.wall).padStart(8)}     (${ms(v.min)} - ${ms(v.max)})  ${ms(v.cpu).padStart(8)}${ratios}`);
    }
    const ratio = summary(results.get('app')!).wall / b.wall;
    console.log(`app median is ${ratio <= AIM_RATIO ? 'within' : 'NOT within'} ${AIM_RATIO}x of the bare baseline's (${ms(b.wall * AIM_RATIO)})`);
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
