import type { FastifyInstance } from 'fastify';
import { scopeEndpoints } from '#shared/contracts/scope.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { getStatementOfWork } from './scope.service.js';

export function scopeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, scopeEndpoints.statement, (request) => getStatementOfWork(ctx, requireUser(request), request.params.id));
}
