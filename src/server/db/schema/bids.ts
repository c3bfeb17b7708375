import { sql } from 'drizzle-orm';
import { bidStatuses, winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { sqlList } from '#server/db/sql-list.js';
import type { CriterionAnswerEntry } from '#shared/domain/scope.js';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { projects } from './projects.js';
import { users } from './users.js';

export const bidStatus = pgEnum('bid_status', bidStatuses);

export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    finisherId: integer('finisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The bid price in cents (bids are whole dollars on the wire). */
    amountCents: centsColumn('amount_cents').notNull(),
    timelineDays: integer('timeline_days').notNull(),
    message: text('message').notNull(),
    status: bidStatus('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    /** The bid's answer to each of the project's acceptance criteria (issue 18); ids of project_criteria rows. */
    criteriaAnswers: jsonb('criteria_answers').$type<CriterionAnswerEntry[]>().notNull().default([]),
    /** Revision requests the bid includes; null: the configured DEAL_INCLUDED_REVISIONS. */
    includedRevisions: integer('included_revisions'),
    /** Set while the owner has the bid on their shortlist (it stays pending). */
    shortlistedAt: timestamp('shortlisted_at', { withTimezone: true }),
    /**
     * When the owner accepted the bid: the payment window (DEAL_PAYMENT_WINDOW, decision 037) counts
     * from it. Null on bids never accepted.
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The owner's optional reason, when they declined the bid. */
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One bid per finisher per project.
    uniqueIndex('bids_project_finisher_key').on(t.projectId, t.finisherId),
    // At most one winning bid per project, whatever races the application loses.
    uniqueIndex('bids_one_winner_per_project_key')
      .on(t.projectId)
      .where(sql`${t.status} IN ${sqlList(winningBidStatuses)}`),
    index('bids_project_created_idx').on(t.projectId, t.createdAt),
    index('bids_finisher_created_idx').on(t.finisherId, t.createdAt),
    check('bids_amount_check', sql`${t.amountCents} > 0`),
    check('bids_timeline_check', sql`${t.timelineDays} > 0`),
    check('bids_included_revisions_check', sql`${t.includedRevisions} IS NULL OR ${t.includedRevisions} >= 0`),
  ],
);

export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;
