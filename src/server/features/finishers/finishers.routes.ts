import type { FastifyInstance } from 'fastify';
import { developerEndpoints, type ListDevelopersQuery } from '#shared/contracts/finishers.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { getDeveloperProfile, getDeveloperStats, listDevelopers, suggestFinishers } from './finishers.service.js';

/** The next page's address: the same search, filters, sort and limit with the cursor of the last row. */
function nextPageLink(query: ListDevelopersQuery, cursor: string): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'skills', 'available', 'sort'] as const) if (query[key]) params.set(key, query[key]);
  params.set('limit', String(query.limit));
  params.set('cursor', cursor);
  return `<${developerEndpoints.list.path}?${params.toString()}>; rel="next"`;
}

/** The public side of people: the directory, profiles and stats (the reviews they received are the reviews feature's). */
export function developersRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = developerEndpoints;

  registerEndpoint(app, endpoints.list, async (request, reply) => {
    const page = await listDevelopers(ctx, request.query);
    if (page.nextCursor) reply.header('link', nextPageLink(request.query, page.nextCursor));
    return page.items;
  });

  registerEndpoint(app, endpoints.profile, (request) => getDeveloperProfile(ctx, request.params.username));

  registerEndpoint(app, endpoints.stats, (request) => getDeveloperStats(ctx, request.params.username));

  registerEndpoint(app, endpoints.suggested, (request) => suggestFinishers(ctx, requireUser(request), request.params.id));
}
