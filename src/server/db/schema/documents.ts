import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type DocumentContent, documentKinds } from '#shared/domain/documents.js';
import { centsColumn } from '#server/db/cents.js';
import { ledgerEntries } from './ledger.js';
import { users } from './users.js';

export const documentKind = pgEnum('document_kind', documentKinds);

/**
 * Receipts and payout statements (issue 31, decision 064): one per paying ledger entry, issued in
 * the entry's own transaction, never changed (a trigger refuses UPDATE and DELETE). `content` is
 * what the document says, fixed at issue; the PDF is drawn from it on each download.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    /** The entry it documents: unique, so an entry has one document however often its change is retried. */
    ledgerEntryId: integer('ledger_entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    kind: documentKind('kind').notNull(),
    /** Its holder: the owner for a receipt, the finisher for a payout statement. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** 'R-2026-0001' */
    number: text('number').notNull(),
    /** What was paid (a receipt) or paid out (a statement's net). */
    amountCents: centsColumn('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    content: jsonb('content').$type<DocumentContent>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('documents_ledger_entry_key').on(t.ledgerEntryId),
    uniqueIndex('documents_number_key').on(t.number),
    uniqueIndex('documents_series_year_sequence_key').on(t.series, t.year, t.sequence),
    index('documents_user_idx').on(t.userId, t.issuedAt, t.id),
    check('documents_amount_check', sql`${t.amountCents} >= 0`),
    check('documents_sequence_check', sql`${t.sequence} > 0`),
  ],
);

/**
 * The last number given in each series and year. Issuing increments its row in the issuing
 * transaction (UPDATE ... RETURNING): concurrent issuers queue on the row, and a rollback gives the
 * number back, so the numbers have no gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export type DocumentRow = typeof documents.$inferSelect;
