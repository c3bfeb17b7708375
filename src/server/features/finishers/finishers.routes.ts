import type { FastifyInstance } from 'fastify';
import { developerEndpoints } from '#shared/contracts/finishers.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { getDeveloperProfile, getDeveloperStats, listDevelopers, suggestFinishers } from './finishers.service.js';

/** The public side of people: the directory, profiles and stats (the reviews they received are the reviews feature's). */
export function developersRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = developerEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listDevelopers(ctx, request.query));

  registerEndpoint(app, endpoints.profile, (request) => getDeveloperProfile(ctx, request.params.username));

  registerEndpoint(app, endpoints.stats, (request) => getDeveloperStats(ctx, request.params.username));

  registerEndpoint(app, endpoints.suggested, (request) => suggestFinishers(ctx, requireUser(request), request.params.id));
}
