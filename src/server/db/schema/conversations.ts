import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AttachmentSummary } from '#shared/domain/attachments.js';
import { bids } from './bids.js';
import { projects } from './projects.js';
import { users } from './users.js';

export const channelStatus = pgEnum('channel_status', ['active', 'closed']);
export const threadStatus = pgEnum('thread_status', ['open', 'closed']);

export const conversationChannels = pgTable(
  'conversation_channels',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    developerId: integer('developer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id').references(() => bids.id, { onDelete: 'cascade' }),
    status: channelStatus('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One channel per bid, created on first use.
    uniqueIndex('conversation_channels_bid_key').on(t.bidId),
    index('conversation_channels_creator_idx').on(t.creatorId),
    index('conversation_channels_developer_idx').on(t.developerId),
    index('conversation_channels_project_idx').on(t.projectId),
  ],
);

export const conversationThreads = pgTable(
  'conversation_threads',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => conversationChannels.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('general'),
    title: text('title').notNull(),
    status: threadStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('conversation_threads_channel_idx').on(t.channelId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => conversationThreads.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Its files (issue 32), as written with it; the rows in attachments decide who may fetch them. */
    attachments: jsonb('attachments').$type<AttachmentSummary[]>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 32: the sender changed the text (its earlier texts are in message_edits). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Issue 32: the sender deleted it. The row keeps its text for a dispute's transcript; the parties read none. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('messages_thread_created_idx').on(t.threadId, t.createdAt, t.id)],
);

/**
 * What a message said before each edit (issue 32, item 5): a dispute's transcript keeps what was
 * said. Written in the edit's transaction, never changed.
 */
export const messageEdits = pgTable(
  'message_edits',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The text the edit replaced. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_edits_message_idx').on(t.messageId, t.id)],
);
