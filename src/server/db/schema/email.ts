import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What mail each user wants (decision 044): `choices` holds the person's choice per category id;
 * a category missing from it (or a user without a row) gets the category's default.
 */
export const emailPreferences = pgTable('email_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb('choices').$type<Record<string, boolean>>().notNull().default({}),
  // Before decision 044 the deal's three categories were columns. They are still written (so the
  // release before can be rolled back to) and no longer read; the next release drops them.
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
