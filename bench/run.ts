// `npm run bench`: runs every benchmark below in sequence, each in its own tsx process, and passes
// its output through. Arguments after `npm run bench --` go to every benchmark.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Benchmark scripts under bench/, run in this order. */
const benchmarks = [
  'cold-start.ts',
  'api/run.ts',
  'search.ts',
  'ledger.ts',
  'live/run.ts',
  'upload-impact.ts',
  'chat-round-trips.ts',
  'deal-sweeper.ts',
  'repository-intake.ts',
  'repository-intake-load.ts',
  'bundle-size.ts',
  'lighthouse.ts',
];

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const failed: string[] = [];
for (const file of benchmarks) {
  console.log(`\n== bench/${file}`);
  const result = spawnSync(tsx, [path.join(root, 'bench', file), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(`${file} (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}

if (failed.length > 0) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
