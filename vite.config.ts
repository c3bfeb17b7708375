import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { contractSchemasOutOfTheBrowser } from './scripts/vite/contract-schemas.js';

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));
const clientSource = fileURLToPath(new URL('./src/client', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text the server sends to browsers; source maps are left alone (only developer tools read them). */
const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz next to every text file of the build, once and at the highest levels, so
 * the server sends them as they are (@fastify/static's preCompressed) instead of compressing each
 * response on the fly (docs/decisions/018-performance-budgets.md).
 */
function precompress(): Plugin {
  return {
    name: 'finishline:precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes('.vite'));
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Puts the style sheet into the HTML documents as a <style> element (the Content-Security-Policy's
 * style-src allows inline styles): a linked sheet blocks the first paint for one more request, which
 * on a slow mobile connection also shares the bandwidth with the entry script
 * (docs/decisions/018-performance-budgets.md). Runs before prerenderHomePage, which copies the page.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'finishline:inline-stylesheet',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('index.html is missing from the bundle');
        let html = String(page.source);
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
        if (links.length === 0) return this.error('index.html links no style sheet to inline');
        for (const [tag, fileName] of links) {
          const sheet = bundle[fileName!];
          if (sheet?.type !== 'asset') return this.error(`${fileName} is missing from the bundle`);
          // A function, so that a `$` in the style sheet is not read as a replacement pattern.
          html = html.replace(tag, () => `<style>${String(sheet.source).replace(/<\/style/gi, '<\\/style')}</style>`);
        }
        page.source = html;
      },
    },
  };
}

/** The path the browser hydrates index.html's prerendered markup at. */
const PRERENDERED_PATHNAME = '/';

/**
 * Prerenders the home page into index.html (docs/decisions/018-performance-budgets.md), so the
 * browser paints it, and its largest text, before any JavaScript has run; main.tsx hydrates it.
 * Every other page is sent app.html, the same document with an empty root: its content needs its
 * own chunk, the current user and its data, and a prerendered frame only moved the first paint
 * ahead of the entry's evaluation, which Lighthouse then counts as blocking time (measured). The
 * markup comes from the app's own components (server-render.tsx), loaded through a Vite server in Node,
 * so it cannot drift from what the browser renders.
 */
function prerenderHomePage(): Plugin {
  return {
    name: 'finishline:prerender',
    apply: 'build',
    generateBundle: {
      // After Vite's own HTML plugin has written the asset tags into index.html.
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('index.html is missing from the bundle');
        // Only what loading the components in Node takes: no CSS, no HMR, no watcher (imports resolve
        // through package.json's #client/* and #shared/* subpaths).
        const server = await createServer({
          configFile: false,
          root: clientSource,
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          appType: 'custom',
        });
        try {
          const { renderFirstView } = (await server.ssrLoadModule('/server-render.tsx')) as typeof import('./src/client/server-render');
          const template = String(page.source);
          const markup = await renderFirstView(PRERENDERED_PATHNAME);
          // A function, so that a `$` in the markup is not read as a replacement pattern.
          const filled = template.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${PRERENDERED_PATHNAME}">${markup}</div>`);
          if (filled === template) return this.error('index.html has no empty <div id="root"></div> to prerender into');
          page.source = filled;
          this.emitFile({ type: 'asset', fileName: 'app.html', source: template });
        } finally {
          await server.close();
        }
      },
    },
  };
}

// `vite build` builds the browser's app; `vite build --ssr` builds the server's page renderer
// (server-render.tsx) into dist/ssr, which src/server/plugins/client-app.ts loads.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), contractSchemasOutOfTheBrowser(), inlineStylesheet(), prerenderHomePage(), precompress()],
  // Bundled into the renderer rather than imported at run time, which would load every icon.
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? {
        outDir: ssrOutDir,
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: path.join(clientSource, 'server-render.tsx') },
      }
    : {
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        // The chunk graph bench/bundle-size.ts reads to check the speed budgets.
        manifest: true,
        // Every browser the app supports has <link rel="modulepreload">; the polyfill would only add bytes.
        // A lazy chunk's imports are not preloaded ahead of it: Vite's helper appended one
        // <link rel="modulepreload"> per chunk of the page's whole import graph (61 for the project
        // page) in one task, about 70 ms of main thread on a phone at the start of every
        // server-rendered page; the browser fetches a chunk's imports itself once the chunk arrives
        // (docs/decisions/032-initial-load-and-cold-start.md).
        modulePreload: { polyfill: false, resolveDependencies: () => [] },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));
