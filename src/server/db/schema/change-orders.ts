import { sql } from 'drizzle-orm';
import { changeOrderProposers, changeOrderStatuses } from '#shared/domain/change-order-lifecycle.js';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { bids } from './bids.js';
import { projects } from './projects.js';
import { users } from './users.js';

export const changeOrderStatus = pgEnum('change_order_status', changeOrderStatuses);
export const changeOrderProposer = pgEnum('change_order_proposer', changeOrderProposers);

/**
 * A change of a live deal (issue 18, item 6): a description, an amount ($0 allowed) and extra days,
 * proposed by one party and accepted or declined by the other. Its money, once the owner pays, is a
 * payments row of its own (payments.change_order_id), held and settled with the deal's
 * (docs/decisions/034-change-orders.md). bid_id is the deal's winning bid.
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'restrict' }),
    proposedBy: changeOrderProposer('proposed_by').notNull(),
    proposerId: integer('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    amountCents: centsColumn('amount_cents').notNull(),
    extraDays: integer('extra_days').notNull(),
    status: changeOrderStatus('status').notNull().default('proposed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other party accepted or declined it, or the proposer withdrew it. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('change_orders_project_idx').on(t.projectId, t.id),
    check('change_orders_amount_check', sql`${t.amountCents} >= 0`),
    check('change_orders_extra_days_check', sql`${t.extraDays} >= 0`),
  ],
);
export type ChangeOrderRow = typeof changeOrders.$inferSelect;
