import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { bidCollectionPath } from './bids.js';
import { bidIdParamsSchema } from './bids.schemas.js';
import { idParamsSchema } from './projects.schemas.js';
import {
  conversationChannelSchema,
  chatMessageSchema,
  sendMessageSchema,
  chatSummarySchema,
  messageSearchHitSchema,
  messageSearchQuerySchema,
  readMessagesResultSchema,
  readMessagesSchema,
} from './conversations.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './conversations.schemas.js';

/** The chat of each bid between the project's owner and the bid's finisher. */
export const conversationEndpoints = defineEndpoints('conversations', {
  open: {
    method: 'POST',
    path: `${bidCollectionPath}/:bidId/conversations`,
    body: emptyBodySchema,
    summary: "Open (or reopen) a bid's conversation",
    description: "The project's owner and the bid's finisher only.",
    params: bidIdParamsSchema,
    response: conversationChannelSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  messages: {
    method: 'GET',
    path: `${bidCollectionPath}/:bidId/messages`,
    summary: "A bid's chat messages, oldest first",
    description: "The project's owner and the bid's finisher only. Reading them marks the other party's messages read.",
    params: bidIdParamsSchema,
    response: z.array(chatMessageSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  send: {
    method: 'POST',
    path: `${bidCollectionPath}/:bidId/messages`,
    summary: 'Send a chat message on a bid, with up to 5 files',
    description:
      "The project's owner and the bid's finisher only; the other party is notified. JSON `{ content }`, or multipart/form-data with `content` (which may then be empty) and up to 5 `files`: images (PNG, JPEG, GIF or WebP, re-encoded, with a preview), PDF, plain text or zip, each at most 10 MB, checked by their bytes.",
    params: bidIdParamsSchema,
    body: sendMessageSchema,
    bodyFormat: 'multipart',
    status: 201,
    response: chatMessageSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED'],
  },
  read: {
    method: 'POST',
    path: `${bidCollectionPath}/:bidId/messages/read`,
    summary: "Mark the other party's messages read, up to one",
    description: "The project's owner and the bid's finisher only. The sender sees the read mark live.",
    params: bidIdParamsSchema,
    body: readMessagesSchema,
    response: readMessagesResultSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  edit: {
    method: 'PATCH',
    path: '/api/messages/:id',
    summary: "Edit one's own chat message",
    description: 'Its sender only, within the edit window after sending (5 minutes unless configured); the other party sees it marked edited.',
    params: idParamsSchema,
    // The new text, by the rules of a new message.
    body: sendMessageSchema,
    response: chatMessageSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'VALIDATION_FAILED'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/messages/:id',
    body: emptyBodySchema,
    summary: "Delete one's own chat message",
    description: 'Its sender only, within the edit window; the other party sees "deleted". A dispute\'s transcript keeps what was said.',
    params: idParamsSchema,
    response: chatMessageSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  },
  search: {
    method: 'GET',
    path: '/api/conversations/search',
    summary: "Find messages in one's own conversations",
    description: 'Messages containing the words, newest first (at most 50), in every conversation of the signed-in user, or in one (bidId).',
    query: messageSearchQuerySchema,
    response: z.array(messageSearchHitSchema),
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  chats: {
    method: 'GET',
    path: '/api/users/:id/chats',
    summary: "The signed-in user's conversations, newest first",
    params: idParamsSchema,
    response: z.array(chatSummarySchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
