import type { FastifyInstance } from 'fastify';
import { ledgerEndpoints } from '#shared/contracts/ledger.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { readDealLedger } from './ledger.service.js';

/** Money records (issue 31). */
export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ledgerEndpoints.deal, (request) => readDealLedger(ctx, requireUser(request), request.params.id));
}
