import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.js';

/**
 * Serves the built React app: hashed assets cached for a year, every other non-API GET answered
 * with index.html so the client router takes over (deep links, reloads).
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | null) {
  const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', isApi ? 'Not found' : 'Page not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
