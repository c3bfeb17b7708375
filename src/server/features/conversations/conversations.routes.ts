import type { FastifyInstance } from 'fastify';
import { conversationEndpoints } from '#shared/contracts/conversations.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import {
  changeMessage,
  listChats,
  listMessages,
  type MessagingContext,
  openConversation,
  readMessages,
  searchConversations,
  sendMessage,
} from './conversations.service.js';

/** One conversation per bid, read and written by both call families of spec section 7. */
export function conversationsRoutes(app: FastifyInstance, ctx: MessagingContext) {
  const endpoints = conversationEndpoints;

  registerEndpoint(app, endpoints.open, (request) => openConversation(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.messages, (request) => listMessages(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.send, async (request, reply) =>
    reply.status(201).send(await sendMessage(ctx, requireUser(request), request.params.bidId, request.body)),
  );

  registerEndpoint(app, endpoints.read, (request) => readMessages(ctx, requireUser(request), request.params.bidId, request.body));

  registerEndpoint(app, endpoints.edit, (request) => changeMessage(ctx, requireUser(request), request.params.id, request.body.content));

  registerEndpoint(app, endpoints.remove, (request) => changeMessage(ctx, requireUser(request), request.params.id, null));

  registerEndpoint(app, endpoints.search, (request) => searchConversations(ctx, requireUser(request), request.query));

  registerEndpoint(app, endpoints.chats, (request) => listChats(ctx, requireUser(request), request.params.id));
}
