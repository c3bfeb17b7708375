import type { FastifyInstance } from 'fastify';
import { jobEndpoints } from '#shared/contracts/jobs.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { listJobs } from './jobs.service.js';

export function jobsRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, jobEndpoints.list, (request) => listJobs(ctx, requireUser(request)));
}
