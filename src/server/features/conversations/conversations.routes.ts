import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conversationEndpoints } from '#shared/contracts/conversations.js';
import { sendMessageFormSchema, sendMessageSchema } from '#shared/contracts/conversations.schemas.js';
import { attachmentLimits } from '#shared/domain/attachments.js';
import type { UserRow } from '#server/db/schema/users.js';
import { acceptAttachmentFiles, readAttachmentForm } from '#server/features/attachments/attachments.service.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import {
  assertChatParty,
  changeMessage,
  listChats,
  listMessages,
  type MessagingContext,
  openConversation,
  readMessages,
  searchConversations,
  sendMessage,
} from './conversations.service.js';

/**
 * A message's text and files: JSON `{ content }`, or multipart with `content` and up to 5 `files`
 * (issue 32). The whole form is read and every file checked before anything is stored.
 */
async function readMessage(ctx: MessagingContext, request: FastifyRequest, actor: UserRow, bidId: number) {
  if (!request.isMultipart()) return { content: sendMessageSchema.parse(request.body ?? {}).content, files: [] };
  // Only a party's files are read and checked: a stranger is refused before the first byte is decoded.
  await assertChatParty(ctx, actor, bidId);
  const limit = attachmentLimits.perMessage;
  const form = await readAttachmentForm(request, limit);
  const { content } = sendMessageFormSchema.parse(form.fields);
  return { content, files: await acceptAttachmentFiles(ctx, actor.id, form.files, limit) };
}

/** One conversation per bid, read and written by both call families of spec section 7. */
export function conversationsRoutes(app: FastifyInstance, ctx: MessagingContext) {
  const endpoints = conversationEndpoints;

  registerEndpoint(app, endpoints.open, (request) => openConversation(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.messages, (request) => listMessages(ctx, requireUser(request), request.params.bidId));

  registerEndpoint(app, endpoints.send, async (request, reply) => {
    const actor = requireUser(request);
    return reply.status(201).send(await sendMessage(ctx, actor, request.params.bidId, await readMessage(ctx, request, actor, request.params.bidId)));
  });

  registerEndpoint(app, endpoints.read, (request) => readMessages(ctx, requireUser(request), request.params.bidId, request.body));

  registerEndpoint(app, endpoints.edit, (request) => changeMessage(ctx, requireUser(request), request.params.id, request.body.content));

  registerEndpoint(app, endpoints.remove, (request) => changeMessage(ctx, requireUser(request), request.params.id, null));

  registerEndpoint(app, endpoints.search, (request) => searchConversations(ctx, requireUser(request), request.query));

  registerEndpoint(app, endpoints.chats, (request) => listChats(ctx, requireUser(request), request.params.id));
}
