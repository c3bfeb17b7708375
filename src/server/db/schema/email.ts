import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** What deal mail each user wants; a user without a row gets every kind (the defaults). */
export const emailPreferences = pgTable('email_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bidUpdates: boolean('bid_updates').notNull().default(true),
  dealUpdates: boolean('deal_updates').notNull().default(true),
  reminders: boolean('reminders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type EmailPreferencesRow = typeof emailPreferences.$inferSelect;

/**
 * The development mail catcher: without SMTP, outside production, every mail is kept here so a
 * person trying the app can read it at /dev/mail. Production without SMTP writes mail to the log.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt, t.id)],
);
