import type { FastifyInstance } from 'fastify';
import { savedSearchEndpoints } from '#shared/contracts/saved-searches.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.service.js';

/** Saved searches (issue 30, item 3): a developer's own. */
export function savedSearchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = savedSearchEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listSavedSearches(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await createSavedSearch(ctx, requireUser(request), request.params.id, request.body)),
  );

  registerEndpoint(app, endpoints.remove, async (request, reply) => {
    await deleteSavedSearch(ctx, requireUser(request), request.params.id, request.params.searchId);
    return reply.status(204).send();
  });
}
