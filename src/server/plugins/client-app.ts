import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.js';

/**
 * Serves the built React app: hashed assets cached for a year, every other non-API GET answered
 * with the app's HTML (never cached) so the client router takes over (deep links, reloads): the home
 * page's prerendered markup for `/`, the document with an empty root for any other path. The build
 * writes a .br and a .gz beside every text file (vite.config.ts), sent as they are to a browser that
 * accepts them, so no response is compressed on the fly.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | null) {
  const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Off so that setHeaders decides: send's own default ('public, max-age=0') would override it.
      cacheControl: false,
      // The compressed twins are reached through Accept-Encoding only, not as routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (preCompressed), which caches must take into account.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', isApi ? 'Not found' : 'Page not found');
    }
    reply.header('cache-control', 'no-cache');
    // The build prerendered the home page into index.html; app.html is the same document with an
    // empty root, for every other page (vite.config.ts).
    const pathname = request.url.split('?', 1)[0];
    return reply.sendFile(pathname === '/' ? 'index.html' : 'app.html');
  });
}
