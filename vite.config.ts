import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

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
            brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src/client', import.meta.url)) } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // The chunk graph bench/bundle-size.ts reads to check the speed budgets.
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
