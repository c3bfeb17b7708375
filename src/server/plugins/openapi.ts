import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route's zod schemas become one OpenAPI document, served at /api/openapi.json. Each
 * operation says whether it needs the `session` cookie (its contract's `session`, see
 * plugins/endpoints.ts); the server is PUBLIC_URL's origin, or this document's own origin ('/').
 *
 * The document is built on its first request, not at start (issue 33, cold start): the app only
 * notes its routes as they are added, and the first GET loads @fastify/swagger (and its YAML and
 * JSON Schema resolvers) into a Fastify instance of its own, adds the same routes there with the
 * same schemas and answers what the plugin makes of them. Loading and registering the plugin with
 * the app cost 20 to 40 ms of every start's main thread on a small machine (decision 083).
 */
export function registerOpenApi(app: FastifyInstance, publicOrigin: string | undefined) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // @fastify/swagger leaves out the HEAD twin Fastify adds to every GET; so does this document.
    if (route.method !== 'HEAD') routes.push(route);
  });
  let document: Promise<unknown> | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, () => {
    document ??= buildDocument(routes, publicOrigin).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return document;
  });
}

const noValidation = () => () => true;
const plainJson = () => (data: unknown) => JSON.stringify(data);
const noHandler = () => null;

async function buildDocument(routes: readonly RouteOptions[], publicOrigin: string | undefined): Promise<unknown> {
  const [{ default: fastify }, { default: swagger }, { jsonSchemaTransform }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  // Only the plugin reads these routes: nothing validates, serializes or answers through them.
  const documentApp = fastify({ logger: false, exposeHeadRoutes: false });
  documentApp.setValidatorCompiler(noValidation);
  documentApp.setSerializerCompiler(plainJson);
  try {
    await documentApp.register(swagger, {
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
    for (const route of routes) {
      documentApp.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, handler: noHandler });
    }
    await documentApp.ready();
    return documentApp.swagger();
  } finally {
    await documentApp.close();
  }
}
