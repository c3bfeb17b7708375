import { z } from 'zod';
import { chatLimits } from '#shared/domain/limits.js';
import { attachmentSchema } from './attachments.schemas.js';
import { bidStatusSchema } from './bids.schemas.js';

export const chatUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const conversationThreadSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  type: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

/** The conversation of one bid: POST /api/bids/{bidId}/conversations answers it. */
export const conversationChannelSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  creatorId: z.number().int(),
  developerId: z.number().int(),
  bidId: z.number().int().nullable(),
  status: z.enum(['active', 'closed']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  threads: z.array(conversationThreadSchema),
});
export type ConversationChannel = z.infer<typeof conversationChannelSchema>;

/**
 * A chat message of one bid. content is the plain text as sent (trimmed): it is never
 * HTML-escaped by the server, so the client must render it as text.
 */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  bidId: z.number().int(),
  threadId: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  /** When the receiver read it; null while unread. */
  readAt: z.string().nullable(),
  /** When its sender last changed its text (issue 32); null if never. */
  editedAt: z.string().nullable(),
  /** When its sender deleted it; its content is then empty. */
  deletedAt: z.string().nullable(),
  /** Until when its sender may still edit or delete it; null once deleted. */
  editableUntil: z.string().nullable(),
  sender: chatUserSchema,
  /** Its files (issue 32), in the order sent; none once it is deleted. */
  attachments: z.array(attachmentSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageSchema = z.strictObject({
  content: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(chatLimits.messageMax, `Message must be at most ${chatLimits.messageMax} characters`),
});

/** The text of a multipart message (issue 32): it may be empty when files come with it. */
export const sendMessageFormSchema = z.strictObject({
  content: z.string().trim().max(chatLimits.messageMax, `Message must be at most ${chatLimits.messageMax} characters`).default(''),
});

/** POST /api/bids/{bidId}/messages/read: the other party's messages up to this id are read. */
export const readMessagesSchema = z.strictObject({
  upTo: z
    .number({ error: 'upTo must be a message id' })
    .int('upTo must be a message id')
    .positive('upTo must be a message id')
    .max(2_147_483_647, 'upTo must be a message id'),
});
export type ReadMessagesInput = z.output<typeof readMessagesSchema>;

export const readMessagesResultSchema = z.object({
  /** The messages this call marked read (none when they already were). */
  readIds: z.array(z.number().int()),
  /** Messages from the other party in this conversation still unread. */
  unreadCount: z.number().int(),
});
export type ReadMessagesResult = z.infer<typeof readMessagesResultSchema>;

export const messageSearchQuerySchema = z.object({
  q: z.string({ error: 'Type a word to search for' }).trim().min(2, 'Type at least 2 characters to search for').max(100, 'Search for at most 100 characters'),
  /** Within one conversation (a bid's) instead of all of one's conversations. */
  bidId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type MessageSearchQuery = z.output<typeof messageSearchQuerySchema>;

/** One found message: where it is, who wrote it, and its text. */
export const messageSearchHitSchema = z.object({
  messageId: z.number().int(),
  bidId: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  otherUser: chatUserSchema,
  senderId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

/** One row of the Messages page's conversation list (GET /api/users/{id}/chats). */
export const chatSummarySchema = z.object({
  bidId: z.number().int(),
  channelId: z.number().int(),
  otherUser: chatUserSchema,
  project: z.object({ id: z.number().int(), name: z.string() }),
  /** amount in whole dollars (the spec's field), amountCents what the client reads (decision 026). */
  bid: z.object({ amount: z.number().int(), amountCents: z.number().int(), status: bidStatusSchema }),
  /** null when the conversation was opened but nobody has written yet. */
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
  /** Messages from the other party that the user has not read. */
  unreadCount: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
