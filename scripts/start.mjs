// `npm start`: builds the client and server when a source changed since the last build, then
// runs the server in this process. A second start on an unchanged tree skips the build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/client/index.html', 'dist/ssr/server-render.js', 'dist/server/main.js', 'dist/package.json'].map((f) => path.join(root, f));
const inputs = ['src', 'vite.config.ts', 'scripts/build-server.mjs', 'tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json'];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, newestInDirectory(target));
}

// One readdir with types per directory and one stat per source file: this walk runs before every
// start, and each system call counts on a small machine (issue 33, cold start).
function newestInDirectory(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, statSync(entryPath).mtimeMs, newestInDirectory(entryPath));
    // Tests are not part of the build.
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(entryPath).mtimeMs);
  }
  return newest;
}

const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((f) => newestMtime(path.join(root, f))));
if (builtAt < changedAt) {
  console.log('Building Finishline (client and server)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'dist/server/main.js'));
