import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/app-error.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import { uploadKeyPattern } from '#server/integrations/storage/image-upload.js';

/**
 * Headers for user-uploaded bytes: never sniffed into HTML, sandboxed if opened directly, not
 * embeddable by other sites, and cached for good (a key is never reused for other bytes).
 */
const uploadHeaders = {
  'content-type': 'image/webp',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'content-disposition': 'inline',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * GET /uploads/<key>: serves stored images, only under the names the server generates. Accepting
 * and storing an image is infrastructure (integrations/storage/image-upload.ts, used by projects
 * and profile); serving them stays a feature because it is a public route, which app.ts registers
 * like every other.
 */
export function uploadsRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!uploadKeyPattern.test(key)) throw new AppError('NOT_FOUND', 'Not found');
    const stored = await storage.get(key);
    if (!stored) throw new AppError('NOT_FOUND', 'Not found');
    reply.headers(uploadHeaders);
    if (stored.size !== undefined) reply.header('content-length', stored.size);
    return reply.send(stored.body);
  });
}
