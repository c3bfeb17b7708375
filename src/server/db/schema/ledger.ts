import { sql } from 'drizzle-orm';
import { ledgerEntryKinds } from '#shared/domain/ledger.js';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { payments } from './payments.js';
import { projects } from './projects.js';
import { users } from './users.js';

export const ledgerEntryKind = pgEnum('ledger_entry_kind', ledgerEntryKinds);

/**
 * Every movement of a payment's money, appended in the transaction of the change that causes it
 * and never changed: a trigger refuses UPDATE and DELETE (docs/decisions/063-money-ledger.md).
 * The deal's two parties are copied on each entry (they never change), so a person's statement is
 * one index range.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    finisherId: integer('finisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: ledgerEntryKind('kind').notNull(),
    amountCents: centsColumn('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The provider's object: payment intent, transfer, refund or card dispute id. */
    providerId: text('provider_id'),
    /** What the money was for, in words ("milestone 'API'", "change order 2"); user text is rendered as text. */
    note: text('note'),
    /** Names the movement (like the provider call's idempotency key): a second entry for it cannot be written. */
    movementKey: text('movement_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_movement_key').on(t.movementKey),
    index('ledger_entries_project_idx').on(t.projectId, t.id),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_owner_idx').on(t.ownerId, t.createdAt, t.id),
    index('ledger_entries_finisher_idx').on(t.finisherId, t.createdAt, t.id),
    check('ledger_entries_amount_check', sql`${t.amountCents} >= 0`),
    check('ledger_entries_currency_check', sql`${t.currency} = 'usd'`),
  ],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
