import { and, asc, eq } from 'drizzle-orm';
import type {
  ChatMessage,
  ChatSummary,
  ConversationChannel,
  MessageSearchHit,
  MessageSearchQuery,
  ReadMessagesInput,
  ReadMessagesResult,
} from '#shared/contracts/conversations.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import type { EventOf } from '#server/events/domain-events.js';
import { conversationChannels, conversationThreads, messageEdits, messages } from '#server/db/schema/conversations.js';
import type { UserRow } from '#server/db/schema/users.js';
import { messageNotificationDelivery, writeMessageNotification } from '#server/features/notifications/notifications.service.js';
import { requireAccess } from '#server/domain/require-access.js';
import { insertAttachments, type PendingAttachment, storeAttachmentsWhile } from '#server/features/attachments/attachments.service.js';
import {
  type BidParties,
  type ChannelRow,
  countUnreadInChannel,
  countUnreadMessages,
  DEFAULT_THREAD_TYPE,
  findBidParties,
  findChannelOfBid,
  findChatSummaries,
  findMessageForChange,
  findMessagesOfChannel,
  findThreadsOfChannel,
  insertMessageWithNotification,
  markMessagesRead,
  searchMessages,
  toChannelDto,
  toChatMessageDto,
} from './conversations.queries.js';

/** What the messaging services use of the app context. */
export type MessagingContext = Pick<AppContext, 'db' | 'events' | 'rateLimits' | 'clock' | 'storage'> & { config: Pick<AppContext['config'], 'chat'> };

/** A message to send: its text (empty only with files) and its checked files (issue 32). */
export interface OutgoingMessage {
  content: string;
  files?: readonly PendingAttachment[];
}

export const defaultThreadTitle = (parties: BidParties) => `Bid #${parties.bidId}: ${parties.projectName}`;

/** Refuses anyone but the bid's two parties: before a multipart message's files are read. */
export async function assertChatParty(ctx: Pick<AppContext, 'db'>, actor: UserRow, bidId: number): Promise<void> {
  await loadChatParties(ctx.db, actor, bidId);
}

/** The chat of a bid is open to the project's owner and the bid's finisher only. */
async function loadChatParties(db: DbOrTx, actor: UserRow, bidId: number): Promise<BidParties> {
  const parties = await findBidParties(db, bidId);
  if (!parties) throw new AppError('NOT_FOUND', 'Bid not found');
  requireAccess(actor, 'chatAboutBid', { project: { submitterId: parties.ownerId }, bid: { finisherId: parties.finisherId } });
  return parties;
}

/**
 * The bid's channel and its default thread, created on first use. Two first uses may race: the
 * unique bid_id makes the loser's insert do nothing (it waits for the winner to commit), and it
 * then reads the winner's channel and thread.
 */
async function ensureConversation(tx: Tx, parties: BidParties): Promise<{ channel: ChannelRow & { bidId: number }; threadId: number; threadTitle: string }> {
  // Every message after the first: both were read with the parties.
  if (parties.channel && parties.thread)
    return { channel: { ...parties.channel, bidId: parties.bidId }, threadId: parties.thread.id, threadTitle: parties.thread.title };
  const [created] = await tx
    .insert(conversationChannels)
    .values({ projectId: parties.projectId, creatorId: parties.ownerId, developerId: parties.finisherId, bidId: parties.bidId })
    .onConflictDoNothing({ target: conversationChannels.bidId })
    .returning();
  const channel = created ?? (await findChannelOfBid(tx, parties.bidId))!;
  const [thread] = await tx
    .select({ id: conversationThreads.id, title: conversationThreads.title })
    .from(conversationThreads)
    .where(and(eq(conversationThreads.channelId, channel.id), eq(conversationThreads.type, DEFAULT_THREAD_TYPE)))
    .orderBy(asc(conversationThreads.id))
    .limit(1);
  const defaultThread =
    thread ??
    (
      await tx
        .insert(conversationThreads)
        .values({ channelId: channel.id, type: DEFAULT_THREAD_TYPE, title: defaultThreadTitle(parties) })
        .returning({ id: conversationThreads.id, title: conversationThreads.title })
    )[0]!;
  return { channel: { ...channel, bidId: parties.bidId }, threadId: defaultThread.id, threadTitle: defaultThread.title };
}

/** POST /api/bids/{bidId}/conversations: opens (or reopens) the bid's conversation. */
export async function openConversation(ctx: MessagingContext, actor: UserRow, bidId: number): Promise<ConversationChannel> {
  const parties = await loadChatParties(ctx.db, actor, bidId);
  const { channel } = await ctx.db.transaction((tx) => ensureConversation(tx, parties));
  return toChannelDto(channel, await findThreadsOfChannel(ctx.db, channel.id));
}

/** The bid's messages, oldest first. Reading them marks the other party's messages read. */
export async function listMessages(ctx: MessagingContext, actor: UserRow, bidId: number): Promise<ChatMessage[]> {
  const parties = await loadChatParties(ctx.db, actor, bidId);
  const channel = await findChannelOfBid(ctx.db, bidId);
  if (!channel) return [];
  const bidChannel = { ...channel, bidId };
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const readIds = await markMessagesRead(tx, channel.id, actor.id, ctx.clock.now());
    if (readIds.length > 0) await record(conversationRead(parties, actor, readIds));
    return findMessagesOfChannel(tx, bidChannel, ctx.config.chat.editWindowMs);
  });
}

/** The other one of a bid's two parties. */
const otherPartyOf = (parties: Pick<BidParties, 'ownerId' | 'finisherId'>, userId: number) =>
  userId === parties.ownerId ? parties.finisherId : parties.ownerId;

function conversationRead(parties: BidParties, actor: UserRow, messageIds: number[]): EventOf<'conversation.read'> {
  return { type: 'conversation.read', bidId: parties.bidId, readerId: actor.id, senderId: otherPartyOf(parties, actor.id), messageIds };
}

/**
 * POST /api/bids/{bidId}/messages/read: the other party's messages up to `upTo` are read now. The
 * sender's screens follow live; a second call marks nothing and records nothing.
 */
export async function readMessages(ctx: MessagingContext, actor: UserRow, bidId: number, input: ReadMessagesInput): Promise<ReadMessagesResult> {
  const parties = await loadChatParties(ctx.db, actor, bidId);
  if (!parties.channel) return { readIds: [], unreadCount: 0 };
  const channelId = parties.channel.id;
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const readIds = await markMessagesRead(tx, channelId, actor.id, ctx.clock.now(), input.upTo);
    if (readIds.length > 0) await record(conversationRead(parties, actor, readIds));
    return { readIds, unreadCount: await countUnreadInChannel(tx, channelId, actor.id) };
  });
}

/**
 * Loads a message for its sender to change: the sender only (anyone else, the other party
 * included, is told it is not theirs; a stranger that it does not exist), not deleted, and
 * within the edit window. The row stays locked until the change commits.
 */
async function messageToChange(ctx: MessagingContext, tx: Tx, actor: UserRow, messageId: number) {
  const found = await findMessageForChange(tx, messageId);
  const isParty = found && (actor.id === found.channel.creatorId || actor.id === found.channel.developerId);
  if (!found || !isParty || found.channel.bidId === null) throw new AppError('NOT_FOUND', 'Message not found');
  requireAccess(actor, 'changeOwnMessage', found.message);
  if (found.message.deletedAt) throw new AppError('CONFLICT', 'This message was deleted.');
  const minutes = Math.round(ctx.config.chat.editWindowMs / 60_000);
  if (ctx.clock.now().getTime() > found.message.createdAt.getTime() + ctx.config.chat.editWindowMs) {
    throw new AppError('CONFLICT', `A message can be changed for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after it is sent.`);
  }
  return { message: found.message, channel: { ...found.channel, bidId: found.channel.bidId } };
}

/**
 * PATCH /api/messages/{id} (`content`, the new text: the text it replaced is kept in
 * message_edits) and DELETE (`content` null: the parties read "deleted", the row keeps the text
 * for a dispute's transcript). Both parties' screens follow live.
 */
export async function changeMessage(ctx: MessagingContext, actor: UserRow, messageId: number, content: string | null): Promise<ChatMessage> {
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const { message, channel } = await messageToChange(ctx, tx, actor, messageId);
    if (message.content === content) return toChatMessageDto(message, channel, actor, ctx.config.chat.editWindowMs);
    const now = ctx.clock.now();
    if (content !== null) await tx.insert(messageEdits).values({ messageId, content: message.content, createdAt: now });
    const [row] = await tx
      .update(messages)
      .set(content === null ? { deletedAt: now } : { content, editedAt: now })
      .where(eq(messages.id, messageId))
      .returning();
    await record({ type: 'message.changed', bidId: channel.bidId, partyIds: [channel.creatorId, channel.developerId], messageId, content });
    return toChatMessageDto(row!, channel, actor, ctx.config.chat.editWindowMs);
  });
}

/** Most messages one search answers. */
const SEARCH_LIMIT = 50;

/** GET /api/conversations/search: the signed-in user's own conversations only (one of them with bidId). */
export async function searchConversations(ctx: MessagingContext, actor: UserRow, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
  if (query.bidId !== undefined) await loadChatParties(ctx.db, actor, query.bidId);
  return searchMessages(ctx.db, actor.id, query.q, query.bidId, SEARCH_LIMIT);
}

function messageSent(parties: BidParties, thread: { id: number; title: string }, message: ChatMessage): EventOf<'message.sent'> {
  return { type: 'message.sent', bidId: parties.bidId, projectName: parties.projectName, thread, recipientId: message.receiverId, message };
}

/**
 * Stores a message in the bid's default thread, with the recipient's notification (the
 * notifications feature's, on 'message.sent'); the live pushes follow the commit. Once the
 * conversation exists (every message but the first) a message without files and its
 * notification are one autocommitted statement: with the session and the parties' read, three
 * round trips in all. Files are stored before the transaction and deleted again if it fails.
 */
export async function sendMessage(ctx: MessagingContext, actor: UserRow, bidId: number, input: OutgoingMessage): Promise<ChatMessage> {
  const files = input.files ?? [];
  if (input.content === '' && files.length === 0) throw new AppError('VALIDATION_FAILED', 'Message cannot be empty');
  const parties = await loadChatParties(ctx.db, actor, bidId);
  await ctx.rateLimits.chatMessages.consume(actor.id);
  if (parties.channel && parties.thread && files.length === 0) {
    const channel = { ...parties.channel, bidId: parties.bidId };
    const thread = parties.thread;
    const recipientId = actor.id === channel.creatorId ? channel.developerId : channel.creatorId;
    return ctx.events.inOneStatement('message.sent', [writeMessageNotification], async () => {
      const sentAt = ctx.clock.now();
      const stored = await insertMessageWithNotification(
        ctx.db,
        { threadId: thread.id, senderId: actor.id, content: input.content, createdAt: sentAt },
        { recipientId, bidId: parties.bidId, senderUsername: actor.username, content: input.content },
      );
      const message = toChatMessageDto(stored.message, channel, actor, ctx.config.chat.editWindowMs);
      return { event: messageSent(parties, thread, message), afterCommit: [messageNotificationDelivery([stored.notification])], result: message };
    });
  }
  return storeAttachmentsWhile(ctx.storage, files, (storedFiles) =>
    ctx.events.transaction(ctx.db, async (tx, record) => {
      const { channel, threadId, threadTitle } = await ensureConversation(tx, parties);
      const now = ctx.clock.now();
      const [row] = await tx.insert(messages).values({ threadId, senderId: actor.id, content: input.content, createdAt: now }).returning();
      let stored = row!;
      if (storedFiles.length > 0) {
        const summaries = await insertAttachments(tx, actor.id, { messageId: stored.id }, storedFiles, now);
        await tx.update(messages).set({ attachments: summaries }).where(eq(messages.id, stored.id));
        stored = { ...stored, attachments: summaries };
      }
      const message = toChatMessageDto(stored, channel, actor, ctx.config.chat.editWindowMs);
      await record(messageSent(parties, { id: threadId, title: threadTitle }, message));
      return message;
    }),
  );
}

/** The live connection's typing messages (issue 32): the other party of a bid's chat, or null for anyone else. */
export async function typingRecipientOf(ctx: Pick<AppContext, 'db'>, userId: number, bidId: number): Promise<number | null> {
  const parties = await findBidParties(ctx.db, bidId);
  if (!parties || (userId !== parties.ownerId && userId !== parties.finisherId)) return null;
  return otherPartyOf(parties, userId);
}

/** The Messages page's conversation list: only the signed-in user's own. */
export async function listChats(ctx: MessagingContext, actor: UserRow, userId: number): Promise<ChatSummary[]> {
  requireAccess(actor, 'readOwnChats', userId);
  return findChatSummaries(ctx.db, actor.id);
}

/** Unread chat messages addressed to a user, across all their conversations: the messages badge, which features/notifications answers with its own count. */
export function countUnreadMessagesOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<number> {
  return countUnreadMessages(ctx.db, userId);
}
