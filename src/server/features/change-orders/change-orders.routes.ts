import type { FastifyInstance } from 'fastify';
import { changeOrderEndpoints } from '#shared/contracts/change-orders.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requestOrigin } from '#server/plugins/origin-check.js';
import { requireUser } from '#server/plugins/session.js';
import { acceptChangeOrder, declineChangeOrder, listChangeOrders, payChangeOrder, proposeChangeOrder, withdrawChangeOrder } from './change-orders.service.js';

export function changeOrdersRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = changeOrderEndpoints;

  registerEndpoint(app, endpoints.propose, async (request, reply) =>
    reply.status(201).send(await proposeChangeOrder(ctx, requireUser(request), request.params.id, request.body)),
  );
  registerEndpoint(app, endpoints.ofProject, (request) => listChangeOrders(ctx, requireUser(request), request.params.id));
  registerEndpoint(app, endpoints.accept, (request) => acceptChangeOrder(ctx, requireUser(request), request.params.changeOrderId));
  registerEndpoint(app, endpoints.decline, (request) => declineChangeOrder(ctx, requireUser(request), request.params.changeOrderId));
  registerEndpoint(app, endpoints.withdraw, (request) => withdrawChangeOrder(ctx, requireUser(request), request.params.changeOrderId));
  registerEndpoint(app, endpoints.pay, (request) =>
    payChangeOrder(ctx, requireUser(request), request.params.changeOrderId, requestOrigin(request, ctx.config.publicOrigin)),
  );
}
