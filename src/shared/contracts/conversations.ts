import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { bidCollectionPath } from './bids.js';
import { bidIdParamsSchema } from './bids.schemas.js';
import { idParamsSchema } from './projects.schemas.js';
import { conversationChannelSchema, chatMessageSchema, sendMessageSchema, chatSummarySchema } from './conversations.schemas.js';

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
    summary: 'Send a chat message on a bid',
    description: "The project's owner and the bid's finisher only; the other party is notified.",
    params: bidIdParamsSchema,
    body: sendMessageSchema,
    status: 201,
    response: chatMessageSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
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
