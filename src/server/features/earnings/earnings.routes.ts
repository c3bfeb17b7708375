import type { FastifyInstance } from 'fastify';
import { earningsEndpoints } from '#shared/contracts/earnings.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { readEarnings } from './earnings.service.js';
import { openStatement } from './statement.js';

/** Earnings, spending and the ledger statement (issue 31, item 4): a person's own. */
export function earningsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = earningsEndpoints;

  registerEndpoint(app, endpoints.get, (request) => readEarnings(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.statement, async (request, reply) => {
    const { filename, body } = await openStatement(ctx, requireUser(request), request.params.id, request.query);
    reply.headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    return reply.send(body);
  });
}
