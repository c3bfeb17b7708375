import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatMessage, ChatSummary, ConversationChannel, ConversationThread, MessageSearchHit } from '#shared/contracts/conversations.js';
import { centsToDollars } from '#shared/domain/money.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { mapRowsOnce, preparedPerDb, preparedVariants } from '#server/db/prepared.js';
import { bids } from '#server/db/schema/bids.js';
import { conversationChannels, conversationThreads, messages } from '#server/db/schema/conversations.js';
import { notifications } from '#server/db/schema/notifications.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { type MessageNotificationFields, preparedMessageNotification } from '#server/features/notifications/notifications.service.js';
import { toAttachmentDto } from '#server/features/attachments/attachments.service.js';

export type ChannelRow = typeof conversationChannels.$inferSelect;
type ThreadRow = typeof conversationThreads.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type NewMessageRow = typeof messages.$inferInsert;

/** The thread every bid's conversation starts with; chat messages go there. */
export const DEFAULT_THREAD_TYPE = 'general';

/** The two people of a bid's chat: the project's owner and the bid's finisher. */
export interface BidParties {
  bidId: number;
  projectId: number;
  projectName: string;
  ownerId: number;
  finisherId: number;
  /** The bid's conversation and its default thread once they exist (read in the same query). */
  channel: ChannelRow | null;
  thread: { id: number; title: string } | null;
}

/** The parties of a bid, with its channel and default thread when they exist: one round trip. */
const bidPartiesQuery = (db: DbOrTx) =>
  db
    .select({
      bidId: bids.id,
      projectId: projects.id,
      projectName: projects.name,
      ownerId: projects.submitterId,
      finisherId: bids.finisherId,
      channel: conversationChannels,
      threadId: conversationThreads.id,
      threadTitle: conversationThreads.title,
    })
    .from(bids)
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .leftJoin(conversationChannels, eq(conversationChannels.bidId, bids.id))
    .leftJoin(conversationThreads, and(eq(conversationThreads.channelId, conversationChannels.id), eq(conversationThreads.type, DEFAULT_THREAD_TYPE)))
    .orderBy(asc(conversationThreads.id))
    .limit(1);

// Every message and typing signal reads its bid's parties: prepared once per database handle.
const selectBidParties = preparedPerDb(
  (db: Db) =>
    bidPartiesQuery(db)
      .where(eq(bids.id, sql.placeholder('bidId')))
      .prepare('bid_parties'),
  (db, params: { bidId: number }) => bidPartiesQuery(db).where(eq(bids.id, params.bidId)),
);

export async function findBidParties(db: DbOrTx, bidId: number): Promise<BidParties | null> {
  const [row] = await selectBidParties(db, { bidId });
  if (!row) return null;
  const { channel, threadId, threadTitle, ...parties } = row;
  return { ...parties, channel, thread: threadId !== null && threadTitle !== null ? { id: threadId, title: threadTitle } : null };
}

export async function findChannelOfBid(db: DbOrTx, bidId: number): Promise<ChannelRow | null> {
  const [row] = await db.select().from(conversationChannels).where(eq(conversationChannels.bidId, bidId)).limit(1);
  return row ?? null;
}

export async function findThreadsOfChannel(db: DbOrTx, channelId: number): Promise<ThreadRow[]> {
  return db.select().from(conversationThreads).where(eq(conversationThreads.channelId, channelId)).orderBy(asc(conversationThreads.id));
}

/** Every column of a table, as read from a CTE that returned its rows (selected one by one, so drizzle maps them). */
function columnsOf<T extends Record<string, unknown>>(cte: unknown, table: Parameters<typeof getTableColumns>[0]): T {
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, (cte as Record<string, unknown>)[key]])) as T;
}

/** A new chat message's values: the statement below stores them with the message's notification. */
type NewChatMessage = Pick<NewMessageRow, 'threadId' | 'senderId' | 'content'> & { createdAt: Date };

/**
 * Stores a message and its notification in one statement (a data-modifying CTE). Every chat message
 * in an existing conversation runs it, so it is prepared once per database handle: building its
 * text with the query builder took about 0.8 ms of CPU per message (issue 32, chat under load).
 */
const messageWithNotification = preparedVariants((db: Db) => {
  const newMessage = db.$with('new_message').as(
    db
      .insert(messages)
      .values({
        threadId: sql.placeholder('threadId'),
        senderId: sql.placeholder('senderId'),
        content: sql.placeholder('content'),
        createdAt: sql.placeholder('createdAt'),
      })
      .returning(),
  );
  const newNotification = db.$with('message_notification').as(preparedMessageNotification.upsert(db, sql`(select ${newMessage.id} from ${newMessage})`));
  return mapRowsOnce(
    db
      .with(newMessage, newNotification)
      .select({
        message: columnsOf<typeof messages._.columns>(newMessage, messages),
        notification: columnsOf<typeof notifications._.columns>(newNotification, notifications),
      })
      .from(newMessage)
      .crossJoin(newNotification)
      .prepare('message_with_notification'),
  );
});

/**
 * Stores a message in a thread that exists and, in the same autocommitted statement, its
 * recipient's notification: one round trip, and the two rows commit together or not at all.
 */
export async function insertMessageWithNotification(
  db: Db,
  message: NewChatMessage,
  notification: MessageNotificationFields,
): Promise<{ message: MessageRow; notification: typeof notifications.$inferSelect }> {
  const [row] = await messageWithNotification(db, 'only', { ...message, ...preparedMessageNotification.params(notification) });
  return row!;
}

export function toThreadDto(row: ThreadRow): ConversationThread {
  return {
    id: row.id,
    channelId: row.channelId,
    type: row.type,
    title: row.title,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export function toChannelDto(row: ChannelRow, threads: ThreadRow[]): ConversationChannel {
  return {
    id: row.id,
    projectId: row.projectId,
    creatorId: row.creatorId,
    developerId: row.developerId,
    bidId: row.bidId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    threads: threads.map(toThreadDto),
  };
}

/**
 * A message as both parties read it. A deleted one answers no text: the row keeps it for a
 * dispute's transcript only.
 */
export function toChatMessageDto(
  row: MessageRow,
  channel: Pick<ChannelRow, 'creatorId' | 'developerId'> & { bidId: number },
  sender: { username: string; avatarUrl: string | null },
  editWindowMs: number,
): ChatMessage {
  return {
    id: row.id,
    bidId: channel.bidId,
    threadId: row.threadId,
    senderId: row.senderId,
    receiverId: row.senderId === channel.creatorId ? channel.developerId : channel.creatorId,
    content: row.deletedAt ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    editableUntil: row.deletedAt ? null : new Date(row.createdAt.getTime() + editWindowMs).toISOString(),
    sender: { id: row.senderId, username: sender.username, avatarUrl: sender.avatarUrl },
    attachments: row.deletedAt ? [] : (row.attachments ?? []).map(toAttachmentDto),
  };
}

const otherUsers = alias(users, 'other_user');

/** A message with its conversation's parties, bid and project: what editing or deleting it checks. */
export async function findMessageForChange(db: DbOrTx, messageId: number) {
  const [row] = await db
    .select({
      message: messages,
      channel: { creatorId: conversationChannels.creatorId, developerId: conversationChannels.developerId, bidId: conversationChannels.bidId },
    })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .innerJoin(conversationChannels, eq(conversationChannels.id, conversationThreads.channelId))
    .where(eq(messages.id, messageId))
    .limit(1)
    .for('update', { of: messages });
  return row ?? null;
}

/** Every message of a bid's conversation, all threads, oldest first. */
export async function findMessagesOfChannel(db: DbOrTx, channel: ChannelRow & { bidId: number }, editWindowMs: number): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: messages, username: users.username, avatarUrl: users.avatarUrl })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(conversationThreads.channelId, channel.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => toChatMessageDto(row.message, channel, row, editWindowMs));
}

/** Marks the other party's unread messages of a conversation read (all, or those up to `upTo`); returns their ids. */
export async function markMessagesRead(db: DbOrTx, channelId: number, readerId: number, now: Date, upTo?: number): Promise<number[]> {
  const threadIds = db.select({ id: conversationThreads.id }).from(conversationThreads).where(eq(conversationThreads.channelId, channelId));
  const updated = await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(
        inArray(messages.threadId, threadIds),
        ne(messages.senderId, readerId),
        isNull(messages.readAt),
        upTo === undefined ? undefined : lte(messages.id, upTo),
      ),
    )
    .returning({ id: messages.id });
  return updated.map((row) => row.id);
}

/** The other party's messages in one conversation that a reader has not read. */
export async function countUnreadInChannel(db: DbOrTx, channelId: number, readerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .where(and(eq(conversationThreads.channelId, channelId), ne(messages.senderId, readerId), isNull(messages.readAt)));
  return row?.count ?? 0;
}

/** `%`, `_` and a backslash match themselves in a LIKE pattern. */
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Messages containing `q` in the user's conversations (or one of them), newest first: a trigram
 * index on the lowered text answers the LIKE. Deleted messages are not found.
 */
export async function searchMessages(db: DbOrTx, userId: number, q: string, bidId: number | undefined, limit: number): Promise<MessageSearchHit[]> {
  const otherUserId = sql`case when ${conversationChannels.creatorId} = ${userId} then ${conversationChannels.developerId} else ${conversationChannels.creatorId} end`;
  const rows = await db
    .select({
      messageId: messages.id,
      bidId: conversationChannels.bidId,
      projectId: projects.id,
      projectName: projects.name,
      otherId: otherUsers.id,
      otherUsername: otherUsers.username,
      otherAvatarUrl: otherUsers.avatarUrl,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .innerJoin(conversationChannels, eq(conversationChannels.id, conversationThreads.channelId))
    .innerJoin(projects, eq(projects.id, conversationChannels.projectId))
    .innerJoin(otherUsers, eq(otherUsers.id, otherUserId))
    .where(
      and(
        or(eq(conversationChannels.creatorId, userId), eq(conversationChannels.developerId, userId)),
        bidId === undefined ? undefined : eq(conversationChannels.bidId, bidId),
        isNull(messages.deletedAt),
        sql`lower(${messages.content}) like ${likeContaining(q)}`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map((row) => ({
    messageId: row.messageId,
    bidId: row.bidId!,
    project: { id: row.projectId, name: row.projectName },
    otherUser: { id: row.otherId, username: row.otherUsername, avatarUrl: row.otherAvatarUrl },
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Unread chat messages addressed to a user, across all their conversations: the messages badge. */
export async function countUnreadMessages(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .innerJoin(conversationChannels, eq(conversationChannels.id, conversationThreads.channelId))
    .where(
      and(or(eq(conversationChannels.creatorId, userId), eq(conversationChannels.developerId, userId)), ne(messages.senderId, userId), isNull(messages.readAt)),
    );
  return row?.count ?? 0;
}

/**
 * The Messages page's list in one query: every bid conversation the user is part of, with the
 * other party, the project, the bid, the last message (a lateral join) and the unread count,
 * most recent activity first.
 */
export async function findChatSummaries(db: DbOrTx, userId: number): Promise<ChatSummary[]> {
  const lastMessage = db
    .select({
      content:
        sql<string>`case when ${messages.deletedAt} is not null then 'Message deleted' when ${messages.content} = '' then 'Sent a file' else ${messages.content} end`.as(
          'content',
        ),
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .where(eq(conversationThreads.channelId, conversationChannels.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const unreadCount = sql<number>`(
    select count(*)::int from ${messages} um
    join ${conversationThreads} ut on ut.id = um.thread_id
    where ut.channel_id = ${conversationChannels.id} and um.sender_id <> ${userId} and um.read_at is null
  )`.mapWith(Number);
  const otherUserId = sql`case when ${conversationChannels.creatorId} = ${userId} then ${conversationChannels.developerId} else ${conversationChannels.creatorId} end`;

  const rows = await db
    .select({
      bidId: bids.id,
      channelId: conversationChannels.id,
      amountCents: bids.amountCents,
      bidStatus: bids.status,
      projectId: projects.id,
      projectName: projects.name,
      otherId: otherUsers.id,
      otherUsername: otherUsers.username,
      otherAvatarUrl: otherUsers.avatarUrl,
      lastMessage: lastMessage.content,
      lastMessageTime: lastMessage.createdAt,
      unreadCount,
    })
    .from(conversationChannels)
    .innerJoin(bids, eq(bids.id, conversationChannels.bidId))
    .innerJoin(projects, eq(projects.id, conversationChannels.projectId))
    .innerJoin(otherUsers, eq(otherUsers.id, otherUserId))
    .leftJoinLateral(lastMessage, sql`true`)
    .where(or(eq(conversationChannels.creatorId, userId), eq(conversationChannels.developerId, userId)))
    .orderBy(sql`coalesce(${lastMessage.createdAt}, ${conversationChannels.createdAt}) desc`, desc(conversationChannels.id));

  return rows.map((row) => ({
    bidId: row.bidId,
    channelId: row.channelId,
    otherUser: { id: row.otherId, username: row.otherUsername, avatarUrl: row.otherAvatarUrl },
    project: { id: row.projectId, name: row.projectName },
    bid: { amount: centsToDollars(row.amountCents), amountCents: row.amountCents, status: row.bidStatus },
    lastMessage: row.lastMessage,
    lastMessageTime: row.lastMessageTime?.toISOString() ?? null,
    unreadCount: row.unreadCount,
  }));
}
