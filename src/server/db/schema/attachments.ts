import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AttachmentKind } from '#shared/domain/attachments.js';
import { messages } from './conversations.js';
import { milestones } from './milestones.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * A file sent in a bid's conversation or with a delivery (issue 32, items 1 and 2): one row per
 * file, written with its message or delivery and never changed. Its bytes live in FileStorage
 * under storage_key (an image also has a preview under preview_key); the row is what
 * GET /api/attachments/{id} checks before serving them.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A chat message's file. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** A delivery's file: the project, and the milestone when it came with a milestone's completion. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id').references(() => milestones.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AttachmentKind>().notNull(),
    /** The name the person gave it, cut to something displayable; never a storage path. */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('attachments_message_idx').on(t.messageId),
    index('attachments_project_idx').on(t.projectId),
    // A file belongs to exactly one message or one delivery.
    check('attachments_one_owner', sql`(${t.messageId} is null) <> (${t.projectId} is null)`),
    check('attachments_kind', sql`${t.kind} in ('image', 'pdf', 'text', 'zip')`),
  ],
);
export type AttachmentRow = typeof attachments.$inferSelect;
