import type { FastifyInstance } from 'fastify';
import { siteEndpoints } from '#shared/contracts/site.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { getSiteContact } from './site.service.js';

export function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, siteEndpoints.contact, () => getSiteContact(ctx));
}
