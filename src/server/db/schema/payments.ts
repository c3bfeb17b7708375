import { sql } from 'drizzle-orm';
import { cardDisputeStatuses, paymentStatuses } from '#shared/domain/payment-status.js';
import { check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { bids } from './bids.js';
import { changeOrders } from './change-orders.js';

export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const cardDisputeStatus = pgEnum('card_dispute_status', cardDisputeStatuses);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'restrict' }),
    /**
     * Null for the deal's own payment (the winning bid's); a change order's id for the money of that
     * change order, held and settled beside it (docs/decisions/034-change-orders.md).
     */
    changeOrderId: integer('change_order_id').references(() => changeOrders.id, { onDelete: 'restrict' }),
    amountCents: centsColumn('amount_cents').notNull(),
    platformFeeCents: centsColumn('platform_fee_cents').notNull(),
    developerAmountCents: centsColumn('developer_amount_cents').notNull(),
    /** Transferred to the finisher so far (their 90% share of what was released). */
    releasedCents: centsColumn('released_cents').notNull().default(0),
    /**
     * The part of the amount settled in the finisher's favour so far, fee included: a released
     * milestone settles its whole amount. settled + refunded never exceeds the amount.
     */
    settledCents: centsColumn('settled_cents').notNull().default(0),
    refundedCents: centsColumn('refunded_cents').notNull().default(0),
    paymentIntentId: text('payment_intent_id'),
    checkoutSessionId: text('checkout_session_id'),
    /** The open hosted checkout, reused by a double click or a second tab until it expires. */
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    transferId: text('transfer_id'),
    refundId: text('refund_id'),
    chargeId: text('charge_id'),
    transferGroup: text('transfer_group'),
    status: paymentStatus('status').notNull().default('pending'),
    /**
     * A chargeback on the card (Stripe's charge.dispute.*): while open, no payout leaves; won
     * resumes them; lost ends them (the bank took the unsettled money back).
     */
    cardDisputeStatus: cardDisputeStatus('card_dispute_status'),
    cardDisputeId: text('card_dispute_id'),
    /** When the money arrived and was held: the delivery deadline counts from here. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /**
     * When the money arrived after its deal had ended (decision 038): it was refunded in full at
     * once, never held. Null for every payment that arrived while its deal was live.
     */
    arrivedLateAt: timestamp('arrived_late_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One base payment per bid; each change order has at most one payment of its own.
    uniqueIndex('payments_bid_key')
      .on(t.bidId)
      .where(sql`${t.changeOrderId} IS NULL`),
    uniqueIndex('payments_change_order_key').on(t.changeOrderId),
    uniqueIndex('payments_payment_intent_key').on(t.paymentIntentId),
    uniqueIndex('payments_checkout_session_key').on(t.checkoutSessionId),
    index('payments_status_idx').on(t.status),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_fee_check', sql`${t.platformFeeCents} >= 0 AND ${t.developerAmountCents} >= 0`),
    check('payments_split_check', sql`${t.platformFeeCents} + ${t.developerAmountCents} = ${t.amountCents}`),
    check('payments_money_out_check', sql`${t.releasedCents} >= 0 AND ${t.refundedCents} >= 0 AND ${t.releasedCents} + ${t.refundedCents} <= ${t.amountCents}`),
    check(
      'payments_settled_check',
      sql`${t.settledCents} >= 0 AND ${t.settledCents} + ${t.refundedCents} <= ${t.amountCents} AND ${t.releasedCents} <= ${t.developerAmountCents}`,
    ),
  ],
);

/** Each provider event is acted on once: its id is recorded in the same transaction as its effect. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
