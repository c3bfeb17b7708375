import type { AgreedCriterion } from '#shared/domain/scope.js';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { bids } from './bids.js';
import { projects } from './projects.js';

/**
 * A project's acceptance criteria (issue 18), in the order the owner wrote them. Rows of their own,
 * not JSON on the project, so a bid's answer, a delivery's evidence and a revision's unmet criteria
 * point at a stable id (docs/decisions/033-agreed-scope.md).
 */
export const projectCriteria = pgTable(
  'project_criteria',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_criteria_project_idx').on(t.projectId, t.position)],
);
export type ProjectCriterionRow = typeof projectCriteria.$inferSelect;

/**
 * The statement of work frozen when the owner accepts a bid: a snapshot, so later edits to the
 * project or its criteria change nothing agreed. One per accepted bid (not per project), so a
 * later change order adds its own agreement beside it.
 */
export const statementsOfWork = pgTable(
  'statements_of_work',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    criteria: jsonb('criteria').$type<AgreedCriterion[]>().notNull(),
    amountCents: centsColumn('amount_cents').notNull(),
    timelineDays: integer('timeline_days').notNull(),
    includedRevisions: integer('included_revisions').notNull(),
    message: text('message').notNull(),
    /** The intake report of the connected repository when the bid was accepted, and the commit the deal starts from. */
    repositoryReportId: bigint('repository_report_id', { mode: 'number' }),
    startCommit: text('start_commit'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statements_of_work_bid_key').on(t.bidId), index('statements_of_work_project_idx').on(t.projectId, t.frozenAt)],
);
export type StatementOfWorkRow = typeof statementsOfWork.$inferSelect;
