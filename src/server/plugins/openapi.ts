import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Every route's zod schemas become one OpenAPI document, served at /api/openapi.json. Each
 * operation says whether it needs the `session` cookie (its contract's `session`, see
 * plugins/endpoints.ts); the server is PUBLIC_URL's origin, or this document's own origin ('/').
 */
export async function registerOpenApi(app: FastifyInstance, publicOrigin: string | undefined) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Finishline API',
        description: 'The marketplace for finishing half-built software.',
        version: '0.1.0',
      },
      servers: [{ url: publicOrigin ?? '/', description: 'This Finishline server' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fl_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
