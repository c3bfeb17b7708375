import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidIdParamsSchema, bidSchema, bidWithProjectSchema, placeBidSchema } from '#shared/contracts/bids.js';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import type { AppContext } from '#server/context.js';
import { requireUser } from '#server/plugins/session.js';
import { acceptBid, getBid, listBidsOfUser, placeBid } from './bids.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export function bidsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bids'];

  api.post(
    '/api/projects/:id/bids',
    { schema: { tags, params: idParamsSchema, body: placeBidSchema, response: { 201: bidSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await placeBid(ctx, requireUser(request), request.params.id, request.body)),
  );

  api.post('/api/bids/:bidId/accept', { schema: { tags, params: bidIdParamsSchema, response: { 200: bidSchema, ...errors } } }, (request) =>
    acceptBid(ctx, requireUser(request), request.params.bidId),
  );

  api.get('/api/bids/:id', { schema: { tags, params: idParamsSchema, response: { 200: bidWithProjectSchema, ...errors } } }, (request) =>
    getBid(ctx, requireUser(request), request.params.id),
  );

  api.get('/api/users/:id/bids', { schema: { tags, params: idParamsSchema, response: { 200: z.array(bidWithProjectSchema), ...errors } } }, (request) =>
    listBidsOfUser(ctx, requireUser(request), request.params.id),
  );
}
