import { z } from 'zod';
import { chatLimits } from '#shared/domain/limits.js';
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
  sender: chatUserSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageSchema = z.strictObject({
  content: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(chatLimits.messageMax, `Message must be at most ${chatLimits.messageMax} characters`),
});
/** What a client sends (wire) and what the service takes after parsing (trimmed). */
export type SendMessageInput = z.output<typeof sendMessageSchema>;

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
