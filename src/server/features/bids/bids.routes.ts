import type { FastifyInstance } from 'fastify';
import { bidEndpoints } from '#shared/contracts/bids.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { declineBid, editBid, shortlistBid, withdrawBid } from './bids.manage.js';
import { acceptBid, getBid, listBidsOfUser, placeBid } from './bids.service.js';

export function bidsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = bidEndpoints;

  registerEndpoint(app, endpoints.place, async (request, reply) =>
    reply.status(201).send(await placeBid(ctx, requireUser(request), request.params.id, request.body)),
  );

  registerEndpoint(app, endpoints.accept, (request) => acceptBid(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.edit, (request) => editBid(ctx, requireUser(request), request.params.bidId, request.body));

  registerEndpoint(app, endpoints.withdraw, (request) => withdrawBid(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.decline, (request) => declineBid(ctx, requireUser(request), request.params.bidId, request.body));

  registerEndpoint(app, endpoints.shortlist, (request) => shortlistBid(ctx, requireUser(request), request.params.bidId, request.body));

  registerEndpoint(app, endpoints.detail, (request) => getBid(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.ofUser, (request) => listBidsOfUser(ctx, requireUser(request), request.params.id));
}
