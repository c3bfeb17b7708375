import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidIdParamsSchema } from '#shared/contracts/bids.js';
import { chatMessageSchema, chatSummarySchema, conversationChannelSchema, sendMessageSchema } from '#shared/contracts/conversations.js';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import { requireUser } from '#server/plugins/session.js';
import { listChats, listMessages, type MessagingContext, openConversation, sendMessage } from './conversations.service.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/** One conversation per bid, read and written by both call families of spec section 7. */
export function conversationsRoutes(app: FastifyInstance, ctx: MessagingContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['conversations'];

  api.post(
    '/api/bids/:bidId/conversations',
    { schema: { tags, params: bidIdParamsSchema, response: { 200: conversationChannelSchema, ...errors } } },
    (request) => openConversation(ctx, requireUser(request), request.params.bidId),
  );

  api.get('/api/bids/:id/messages', { schema: { tags, params: idParamsSchema, response: { 200: z.array(chatMessageSchema), ...errors } } }, (request) =>
    listMessages(ctx, requireUser(request), request.params.id),
  );

  api.post(
    '/api/bids/:id/messages',
    { schema: { tags, params: idParamsSchema, body: sendMessageSchema, response: { 201: chatMessageSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await sendMessage(ctx, requireUser(request), request.params.id, request.body)),
  );

  api.get('/api/users/:id/chats', { schema: { tags, params: idParamsSchema, response: { 200: z.array(chatSummarySchema), ...errors } } }, (request) =>
    listChats(ctx, requireUser(request), request.params.id),
  );
}
