import { sql } from 'drizzle-orm';
import { milestoneStatuses } from '#shared/domain/milestone-lifecycle.js';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { projects } from './projects.js';

export const milestoneStatus = pgEnum('milestone_status', milestoneStatuses);

export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    amountCents: centsColumn('amount_cents').notNull(),
    status: milestoneStatus('status').notNull().default('pending'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    /** The finisher's note when marking it completed, and the owner's when sending it back. */
    completionNote: text('completion_note'),
    feedback: text('feedback'),
    /** The payout of this milestone's share (amount less the fee), once approved on a paid project. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    transferId: text('transfer_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('milestones_project_idx').on(t.projectId, t.createdAt), check('milestones_amount_check', sql`${t.amountCents} > 0`)],
);
