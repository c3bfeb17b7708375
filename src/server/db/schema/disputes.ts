import { sql } from 'drizzle-orm';
import { disputeSettlements, disputeSides, disputeStages, disputeStatuses, operatorActions } from '#shared/domain/dispute.js';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { payments } from './payments.js';
import { projects } from './projects.js';
import { users } from './users.js';

export const disputeStatus = pgEnum('dispute_status', disputeStatuses);
export const disputeSettlement = pgEnum('dispute_settlement', disputeSettlements);
export const disputeSide = pgEnum('dispute_side', disputeSides);
export const disputeStage = pgEnum('dispute_stage', disputeStages);
export const operatorAction = pgEnum('operator_action', operatorActions);

/**
 * A dispute over a project's held money (docs/decisions/029-disputes.md). At most one is active
 * per project; settling it fixes the finisher's amount, which the payment settlement then moves
 * (payout less the fee, the rest refunded) once, under the payment's row lock.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    openedBy: disputeSide('opened_by').notNull(),
    stage: disputeStage('stage').notNull(),
    reason: text('reason').notNull(),
    status: disputeStatus('status').notNull().default('negotiating'),
    /** The unsettled remainder when it opened: every offer and ruling is within 0 and this. */
    disputedCents: centsColumn('disputed_cents').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The other party's first step (evidence, an offer, an acceptance, an escalation). */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    negotiateBy: timestamp('negotiate_by', { withTimezone: true }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** Who sent it to the operator: a side, or null when the negotiation window ran out. */
    escalatedBy: disputeSide('escalated_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settlement: disputeSettlement('settlement'),
    /** What the finisher receives of the disputed amount, before the platform's fee on it. */
    finisherAmountCents: centsColumn('finisher_amount_cents'),
    /** The settlement's two money movements, each done once (its provider id recorded with it). */
    refundId: text('refund_id'),
    transferId: text('transfer_id'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision'),
  },
  (t) => [
    // One active dispute per project: a second open (two tabs, both parties at once) is refused.
    uniqueIndex('disputes_active_project_key')
      .on(t.projectId)
      .where(sql`${t.status} <> 'settled'`),
    // A deal's dispute settles once (issue 26, item 10): one dispute per payment, ever.
    uniqueIndex('disputes_payment_key').on(t.paymentId),
    index('disputes_project_idx').on(t.projectId),
    // The operator's queue: the disputes waiting for a ruling, oldest first.
    index('disputes_queue_idx')
      .on(t.escalatedAt)
      .where(sql`${t.status} = 'with_operator'`),
    check('disputes_amount_check', sql`${t.disputedCents} > 0`),
    check(
      'disputes_settled_check',
      sql`(${t.status} = 'settled') = (${t.settlement} IS NOT NULL AND ${t.finisherAmountCents} IS NOT NULL AND ${t.settledAt} IS NOT NULL)`,
    ),
    check('disputes_finisher_amount_check', sql`${t.finisherAmountCents} IS NULL OR ${t.finisherAmountCents} BETWEEN 0 AND ${t.disputedCents}`),
  ],
);
export type DisputeRow = typeof disputes.$inferSelect;

/** Each side's offers: what the finisher would receive. The opener's first offer is the amount it opened with. */
export const disputeOffers = pgTable(
  'dispute_offers',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    side: disputeSide('side').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    finisherAmountCents: centsColumn('finisher_amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the other side was mailed of it (the opening mail, or a dispute digest); null until then. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('dispute_offers_dispute_idx').on(t.disputeId, t.id), check('dispute_offers_amount_check', sql`${t.finisherAmountCents} >= 0`)],
);
export type DisputeOfferRow = typeof disputeOffers.$inferSelect;

/** Statements and files each side adds. Files are private: served only to the parties and operators. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    side: disputeSide('side').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statement: text('statement').notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the other side was mailed of it (a dispute digest); null until then. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.id)],
);
export type DisputeEvidenceRow = typeof disputeEvidence.$inferSelect;

/**
 * Every operator action, append-only: no route updates or deletes a row, and the database refuses
 * both (the trigger in migration 0007).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: operatorAction('action').notNull(),
    disputeId: integer('dispute_id').references(() => disputes.id, { onDelete: 'restrict' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_audit_operator_idx').on(t.operatorId, t.at), index('operator_audit_dispute_idx').on(t.disputeId)],
);
export type OperatorAuditRow = typeof operatorAudit.$inferSelect;
