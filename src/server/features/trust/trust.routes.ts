import type { FastifyInstance } from 'fastify';
import { trustEndpoints } from '#shared/contracts/trust.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { getTrustRecord } from './trust.service.js';

/** Trust from facts (issue 30, item 7): a person's record, public. */
export function trustRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, trustEndpoints.record, (request) => getTrustRecord(ctx, request.params.id));
}
