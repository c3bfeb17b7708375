import { sql } from 'drizzle-orm';
import { cancellationOutcomes, dealHistoryKinds, dealParties, dealTimerKinds } from '#shared/domain/deal.js';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import type { DealHistoryDetails } from '#shared/domain/scope.js';
import { milestones } from './milestones.js';
import { projects } from './projects.js';

export const dealTimerKind = pgEnum('deal_timer_kind', dealTimerKinds);
export const dealHistoryKind = pgEnum('deal_history_kind', dealHistoryKinds);
export const dealParty = pgEnum('deal_party', dealParties);
export const cancellationOutcome = pgEnum('cancellation_outcome', cancellationOutcomes);

/**
 * Durable timers of the deal clock (docs/decisions/027-deal-clock.md). A pending timer has no
 * fired_at; the sweeper claims due ones with FOR UPDATE SKIP LOCKED and marks each fired in the
 * transaction of its effect, so each fires once however many instances sweep. A change that makes
 * a timer pointless (the delivery was reviewed) deletes it; its handler re-checks the deal anyway.
 */
export const dealTimers = pgTable(
  'deal_timers',
  {
    id: serial('id').primaryKey(),
    kind: dealTimerKind('kind').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id').references(() => milestones.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /**
     * The moment the timer counts from: the delivery's (or the milestone's) completed_at, the
     * payment's held_at, the cancellation's requested_at. A timer whose anchor no longer matches
     * the deal (a newer delivery restarted the window) does nothing when it fires.
     */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** For a reminder: the deadline it reminds of. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** For a dispute digest: the party it mails (the other side's steps since its last one). */
    party: dealParty('party'),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sweeper's one query: the earliest pending timers that are due. Partial, so fired rows cost nothing.
    index('deal_timers_pending_due_idx')
      .on(t.dueAt)
      .where(sql`${t.firedAt} IS NULL`),
    index('deal_timers_project_idx').on(t.projectId),
  ],
);
export type DealTimerRow = typeof dealTimers.$inferSelect;

/** Every step of a deal, with its date and who took it: the history both parties read. */
export const dealHistory = pgTable(
  'deal_history',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: dealHistoryKind('kind').notNull(),
    by: dealParty('by').notNull(),
    message: text('message'),
    amountCents: centsColumn('amount_cents'),
    milestoneId: integer('milestone_id').references(() => milestones.id, { onDelete: 'set null' }),
    milestoneTitle: text('milestone_title'),
    /** A delivery's evidence per criterion, a revision request's unmet criteria (issue 18). */
    details: jsonb('details').$type<DealHistoryDetails>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deal_history_project_idx').on(t.projectId, t.at, t.id)],
);
export type DealHistoryRow = typeof dealHistory.$inferSelect;

/** The cancellation of a project once a finisher is assigned: what it did, or asks, about the money. */
export const dealCancellations = pgTable(
  'deal_cancellations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    outcome: cancellationOutcome('outcome').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    respondBy: timestamp('respond_by', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    objection: text('objection'),
  },
  (t) => [
    // A project is cancelled once: one row each.
    uniqueIndex('deal_cancellations_project_key').on(t.projectId),
    check('deal_cancellations_open_check', sql`${t.outcome} <> 'open' OR ${t.respondBy} IS NOT NULL`),
  ],
);
export type DealCancellationRow = typeof dealCancellations.$inferSelect;
