// Lighthouse performance of the built app (docs/decisions/018-performance-budgets.md):
//
//   npx tsx bench/lighthouse.ts [runs] [pages]   (npm run bench:lighthouse; default 3 runs per page)
//
// pages: a comma-separated choice of home, projects, developers, project, dashboard, dispute (default all six).
//
// Builds when a source is newer than the build, starts the built server as `npm start` does on a
// free loopback port with a fresh embedded database and the demo data, signs the demo user in, and
// runs Lighthouse's default mobile audit (simulated slow 4G and a 4x slower CPU) on /, /projects
// (protected: the session cookie goes along in extraHeaders), /developers, a project page, and the
// demo owner's dashboard and her first dispute (protected too), in
// headless Chromium (CHROME_PATH, default /usr/bin/chromium). It prints every run's score, then
// per page the median score with the metrics of the median run, and exits 1 when a page's median
// is under 95. The machine's other load shows in the scores (Lighthouse multiplies the CPU time it
// observes): run it on a quiet one; the printed benchmark index is Lighthouse's own reading of the
// machine's speed. BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's full report (JSON) there.
//
// Beside every run it audits the bare baseline of the same page (issue 33): the page's HTML exactly
// as the app answered it (server-rendered markup, inlined CSS, the state) without its module
// scripts, brotli-compressed, served by node:http from this process. The two alternate run by run,
// so that both meet the same moments of a busy machine; the baseline is what the machine scores
// for that page with no JavaScript, and the gap to it is what the app's scripts cost.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, findFreePort, isBuildStale, isolatedServerEnv, median, signIn, startServer, stopServerGroup, waitFor200 } from './server-process.js';
import { APP_NODE_FLAGS } from '#scripts/node-flags.js';

const MIN_SCORE = 95;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The metrics the performance score is made of, with how each is shown. */
const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', format: (value: number) => `${Math.round(value)} ms` },
  { id: 'largest-contentful-paint', label: 'LCP', format: (value: number) => `${Math.round(value)} ms` },
  { id: 'total-blocking-time', label: 'TBT', format: (value: number) => `${Math.round(value)} ms` },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (value: number) => value.toFixed(3) },
  { id: 'speed-index', label: 'SI', format: (value: number) => `${Math.round(value)} ms` },
] as const;

interface Page {
  name: string;
  slug: string;
  path: string;
  headers?: Record<string, string>;
}

interface Run {
  score: number;
  metrics: Record<string, number>;
  benchmarkIndex: number;
}

const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;

/** Failures of Lighthouse's trace recording, not of the page: the run is tried again. */
const FLAKY_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_FCP']);
const ATTEMPTS_PER_RUN = 3;

class FlakyRunError extends Error {}

const runs = Number(process.argv[2] ?? 3);
const onlyPages = process.argv[3]?.split(',');
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error(`usage: npx tsx bench/lighthouse.ts [runs 1-20], got ${process.argv[2]}`);
  process.exit(2);
}

/** An open project of the demo data, for the project page. */
async function firstProjectId(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/projects`, { signal: AbortSignal.timeout(10_000) });
  const projects = (await response.json()) as { id: number }[];
  if (!response.ok || projects.length === 0) throw new Error(`GET /api/projects answered ${response.status} with no project to audit`);
  return projects[0]!.id;
}

/** The first dispute the signed-in person may read (the demo owner has two). */
async function firstDisputeId(origin: string, cookie: string): Promise<number> {
  for (let id = 1; id <= 20; id += 1) {
    const response = await fetch(`${origin}/api/disputes/${id}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(10_000) });
    if (response.ok) return id;
  }
  throw new Error('The demo owner can read none of the first 20 disputes');
}

async function audit(url: string, chromePort: number, headers: Record<string, string> | undefined, reportName: string): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, onlyCategories: ['performance'], output: 'json', logLevel: 'error', extraHeaders: headers });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (reportDir) writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) {
    const message = `Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    throw FLAKY_RUNTIME_ERRORS.has(lhr.runtimeError.code) ? new FlakyRunError(message) : new Error(message);
  }
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no performance score (${lhr.runWarnings.join('; ')})`);
  const metrics = Object.fromEntries(METRICS.map(({ id }) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]));
  return { score: Math.round(score * 100), metrics, benchmarkIndex: lhr.environment.benchmarkIndex };
}

async function auditWithRetries(url: string, chromePort: number, headers: Record<string, string> | undefined, reportName: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, chromePort, headers, reportName);
    } catch (error) {
      if (!(error instanceof FlakyRunError) || attempt === ATTEMPTS_PER_RUN) throw error;
      console.log(`  (${error.message}; trying again)`);
    }
  }
}

/** The page as the app answers it, minus its module scripts and their preloads: what the browser shows before any JavaScript. */
async function barePage(url: string, headers: Record<string, string> | undefined): Promise<Buffer> {
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const html = (await response.text())
    .replace(/<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');
  return brotliCompressSync(html);
}

/** node:http answering each path with its page, brotli-compressed as the app sends them; 404 for anything else. */
async function startBareServer(pages: Map<string, Buffer>): Promise<{ origin: string; server: HttpServer }> {
  const server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').split('?', 1)[0]!);
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache', vary: 'accept-encoding' });
    response.end(page);
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, server };
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function describeRun(run: Run): string {
  return METRICS.map(({ id, label, format }) => `${label} ${format(run.metrics[id]!)}`).join(', ');
}

async function main(): Promise<number> {
  if (isBuildStale()) build();
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-lighthouse-'));
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(process.execPath, [...APP_NODE_FLAGS, 'scripts/start.mjs'], isolatedServerEnv(port, dataDir));
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let bare: { origin: string; server: HttpServer } | undefined;
  try {
    await waitFor200(server, `${origin}/api/health`, {}, performance.now());
    const cookie = await signIn(origin);
    const pages: Page[] = [
      { name: 'home', slug: 'home', path: '/' },
      { name: 'browse projects (signed in)', slug: 'projects', path: '/projects', headers: { Cookie: cookie } },
      { name: 'developers', slug: 'developers', path: '/developers' },
      { name: 'project page', slug: 'project', path: `/projects/${await firstProjectId(origin)}` },
      { name: 'dashboard (signed in)', slug: 'dashboard', path: '/dashboard', headers: { Cookie: cookie } },
      { name: 'dispute (signed in)', slug: 'dispute', path: `/disputes/${await firstDisputeId(origin, cookie)}`, headers: { Cookie: cookie } },
    ];
    const unknownPages = onlyPages?.filter((slug) => !pages.some((page) => page.slug === slug)) ?? [];
    if (unknownPages.length > 0) throw new Error(`No such page: ${unknownPages.join(', ')} (pages: ${pages.map((page) => page.slug).join(', ')})`);
    const selected = pages.filter(({ slug }) => !onlyPages || onlyPages.includes(slug));
    const bareSources = new Map<string, Buffer>();
    for (const page of selected) bareSources.set(page.path, await barePage(`${origin}${page.path}`, page.headers));
    bare = await startBareServer(bareSources);
    chrome = await chromeLauncher.launch({ chromeFlags: CHROME_FLAGS });
    console.log(`Lighthouse mobile performance of the built app at ${origin} (${runs} runs per page, Chromium ${process.env.CHROME_PATH})`);
    console.log(`alternated with the bare baseline at ${bare.origin}: each page's HTML as the app answered it, without its scripts (node:http)`);
    console.log(`load average at start: ${loadAverage()}`);

    const results: { page: Page; runs: Run[]; bareRuns: Run[] }[] = [];
    for (const page of selected) {
      const pageRuns: Run[] = [];
      const bareRuns: Run[] = [];
      for (let i = 1; i <= runs; i += 1) {
        // Alternate which goes first, so that neither always meets the other's after-effects.
        for (const which of i % 2 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
          const isApp = which === 'app';
          const run = await auditWithRetries(
            `${isApp ? origin : bare.origin}${page.path}`,
            chrome.port,
            isApp ? page.headers : undefined,
            `${page.slug}-${which}-${i}`,
          );
          (isApp ? pageRuns : bareRuns).push(run);
          console.log(`  ${page.path} run ${i} ${which.padEnd(4)}: ${run.score} (${describeRun(run)}; benchmark index ${Math.round(run.benchmarkIndex)})`);
        }
      }
      results.push({ page, runs: pageRuns, bareRuns });
    }
    console.log(`load average at end: ${loadAverage()}`);

    console.log(`\nMedians, app beside the bare baseline of the same run (aim: at least ${MIN_SCORE} on every page)`);
    const failing: string[] = [];
    // The metrics shown are those of a run with the median score, so that they belong together.
    const typicalOf = (of: Run[]) => [...of].sort((a, b) => a.score - b.score)[Math.floor((of.length - 1) / 2)]!;
    for (const { page, runs: pageRuns, bareRuns } of results) {
      const score = median(pageRuns.map((run) => run.score));
      const bareScore = median(bareRuns.map((run) => run.score));
      console.log(`  ${String(score).padStart(3)}  ${page.path.padEnd(14)} ${page.name}: ${describeRun(typicalOf(pageRuns))}`);
      console.log(`  ${String(bareScore).padStart(3)}  ${''.padEnd(14)} bare baseline: ${describeRun(typicalOf(bareRuns))}`);
      const tbt = (of: Run[]) => median(of.map((run) => run.metrics['total-blocking-time']!));
      console.log(`       ${''.padEnd(14)} app - bare: ${score - bareScore} points, TBT ${Math.round(tbt(pageRuns) - tbt(bareRuns))} ms`);
      if (score < MIN_SCORE) failing.push(`${page.path} (${score})`);
    }
    if (failing.length > 0) {
      console.error(`\nUnder ${MIN_SCORE}: ${failing.join(', ')}`);
      return 1;
    }
    console.log(`\nEvery page scores at least ${MIN_SCORE}.`);
    return 0;
  } finally {
    chrome?.kill();
    bare?.server.close();
    await stopServerGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
}
process.exit(exitCode); // the 'exit' handler of server-process.ts stops a server that outlived its stop
