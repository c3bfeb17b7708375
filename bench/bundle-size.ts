// Speed budget of the client bundle (docs/decisions/018-performance-budgets.md):
//
//   npx tsx bench/bundle-size.ts [--dir <built client dir>]      (npm run bench:bundle)
//
// Reads Vite's manifest of the build (dist/client/.vite/manifest.json; builds first when a source is
// newer than the build, unless --dir names another build) and prints the JavaScript the home page
// loads before it can render: the entry chunk and every chunk it imports statically, each gzipped
// at level 9 as the server sends it. Then each page's lazily loaded chunk, alone and with the chunks
// a first visit from / adds. Exits 1 when the initial JavaScript is over budget, when a page other
// than the home page is not a lazy chunk (or is pulled into the initial load), or when index.html
// preloads anything outside the initial load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, isBuildStale, root } from './server-process.js';

/** Initial JavaScript for / in gzip bytes (kB = 1000 bytes, as Vite reports them); 120 kB until decision 032. */
const INITIAL_JS_BUDGET = 105_000;
const HOME_PAGE = 'app/routes/home.tsx';
const ROUTES_DIR = 'app/routes';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function parseArgs(): { dir: string; isOwnBuild: boolean } {
  const index = process.argv.indexOf('--dir');
  if (index === -1) return { dir: path.join(root, 'dist/client'), isOwnBuild: true };
  const dir = process.argv[index + 1];
  if (!dir) throw new Error('usage: npx tsx bench/bundle-size.ts [--dir <built client dir>]');
  return { dir: path.resolve(dir), isOwnBuild: false };
}

/** Every chunk `key` loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const gzipSizes = new Map<string, number>();
function gzipSize(dir: string, file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sumGzip = (dir: string, files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(dir, file), 0);

function main(): number {
  const { dir, isOwnBuild } = parseArgs();
  if (isOwnBuild && isBuildStale()) build();
  const manifestPath = path.join(dir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest on (vite.config.ts)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const problems: string[] = [];

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error(`no entry chunk in ${manifestPath}`);
  const initial = staticClosure(manifest, entryKey);
  const initialJs = [...initial].map((key) => manifest[key]!.file);
  const initialCss = [...new Set([...initial].flatMap((key) => manifest[key]!.css ?? []))];

  console.log(`Initial JavaScript for / (entry + static imports, gzip -9), from ${path.relative(root, dir) || dir}`);
  for (const file of initialJs.sort((a, b) => gzipSize(dir, b) - gzipSize(dir, a))) console.log(`  ${kB(gzipSize(dir, file)).padStart(9)}  ${file}`);
  const initialTotal = sumGzip(dir, initialJs);
  const isUnderBudget = initialTotal <= INITIAL_JS_BUDGET;
  console.log(`  ${kB(initialTotal).padStart(9)}  total: ${isUnderBudget ? 'under' : 'OVER'} the ${kB(INITIAL_JS_BUDGET)} budget`);
  console.log(`  ${kB(sumGzip(dir, initialCss)).padStart(9)}  CSS (${initialCss.join(', ')})`);
  if (!isUnderBudget) problems.push(`initial JavaScript for / is ${kB(initialTotal)}, over the ${kB(INITIAL_JS_BUDGET)} budget`);

  // Vite's modulepreload links start downloads before the entry runs: they must stay inside the initial load.
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]!);
  for (const file of preloaded) if (!initialJs.includes(file)) problems.push(`index.html preloads ${file}, which the initial load does not need`);

  /** A lazy chunk's own size, and with the chunks it needs beyond the initial load. */
  const printLazyChunk = (key: string) => {
    const added = [...staticClosure(manifest, key)].filter((imported) => !initial.has(imported)).map((imported) => manifest[imported]!.file);
    const { file } = manifest[key]!;
    console.log(`  ${key.padEnd(44)} ${kB(gzipSize(dir, file)).padStart(9)}  with deps ${kB(sumGzip(dir, added)).padStart(9)}  ${file}`);
  };

  const routesDir = path.join(root, 'src/client', ROUTES_DIR);
  const pages = readdirSync(routesDir)
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => `${ROUTES_DIR}/${name}`);
  console.log(`\nPages (${pages.length}): lazily loaded chunk, and with the chunks a first visit from / adds (gzip -9)`);
  for (const page of pages) {
    const chunk = manifest[page];
    const isLazy = chunk?.isDynamicEntry === true && !initial.has(page);
    // The home page is bundled into the entry chunk, so the manifest has no entry of its own for it.
    if (page === HOME_PAGE) {
      if (isLazy) problems.push(`${page} is a lazy chunk: the home page should render from the initial load`);
      console.log(`  ${page.padEnd(40)} ${isLazy ? 'a LAZY chunk' : 'in the initial load'}`);
    } else if (!isLazy) {
      problems.push(`${page} is not a lazily loaded chunk`);
      console.log(`  ${page.padEnd(40)} NOT a lazy chunk`);
    } else {
      printLazyChunk(page);
    }
  }

  console.log('\nOther lazy chunks, loaded after the first paint or on demand (gzip -9)');
  for (const key of Object.keys(manifest)) if (manifest[key]!.isDynamicEntry && !key.startsWith(`${ROUTES_DIR}/`)) printLazyChunk(key);

  if (problems.length > 0) {
    console.error(`\n${problems.length} budget problem(s):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log('\nEvery budget holds.');
  return 0;
}

try {
  process.exitCode = main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
