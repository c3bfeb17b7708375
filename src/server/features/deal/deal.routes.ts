import type { FastifyInstance } from 'fastify';
import { dealEndpoints } from '#shared/contracts/deal.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { agreeToCancellation, getDeal, objectToCancellation } from './deal.service.js';

export function dealRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, dealEndpoints.get, (request) => getDeal(ctx, requireUser(request), request.params.id));
  registerEndpoint(app, dealEndpoints.agreeToCancellation, (request) => agreeToCancellation(ctx, requireUser(request), request.params.id));
  registerEndpoint(app, dealEndpoints.objectToCancellation, (request) => objectToCancellation(ctx, requireUser(request), request.params.id, request.body));
}
