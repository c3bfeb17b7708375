import { type SQL, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsquery } from './text-search.js';
import { centsColumn } from '#server/db/cents.js';
import { users } from './users.js';

/**
 * A finisher's saved project search (issue 30, item 3, decision 060): the browse filters, and the
 * text query as the browse search ran it when saved (prefix and typo correction resolved), so a new
 * project is tested against it with one `@@`. Alerts are instant or a daily digest.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    q: text('q'),
    /** Null without text: the search matches on its filters alone. */
    query: tsquery('query'),
    /**
     * A word every project that matches the query has (as a lexeme, or a prefix of one for the
     * last word), from saved_search_anchor() (migration 0036): matching a new project reads only the
     * searches anchored at its words. Null without text, or when no single word is required (a
     * word typed with a typo reads it or its nearest word): such a search is always tested.
     */
    anchor: text('anchor').generatedAlwaysAs((): SQL => sql`saved_search_anchor(${savedSearches.query})`),
    /** A project matches with at least one of them; empty: any technology. */
    tech: text('tech')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minBudgetCents: centsColumn('min_budget_cents'),
    maxBudgetCents: centsColumn('max_budget_cents'),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // The four kinds of search a new project is matched against (matchProjectStatement, decision 060).
    index('saved_searches_anchor_idx')
      .on(t.anchor)
      .where(sql`${t.anchor} is not null`),
    index('saved_searches_unanchored_idx')
      .on(t.id)
      .where(sql`${t.query} is not null and ${t.anchor} is null`),
    index('saved_searches_tech_idx')
      .using('gin', t.tech)
      .where(sql`${t.query} is null`),
    index('saved_searches_filters_only_idx')
      .on(t.id)
      .where(sql`${t.query} is null and ${t.tech} = '{}'::text[]`),
    check('saved_searches_frequency_check', sql`${t.frequency} IN ('instant', 'daily')`),
  ],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * A project that matched a saved search: once per search and project (the unique key), whatever
 * retries, replays and instances do. `toldAt`: when its mail went out (at once for an instant
 * search, in the day's digest for a daily one); the in-app notification is written with the row.
 * Readers join saved_searches, so a match whose search went while it was written is never read.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    // No foreign keys (migration 0027, decision 060): a match is only written by the matching
    // statement, from rows it joins, and a key check per match locked every matched search's row
    // (thousands per project). Delete triggers on saved_searches and projects remove a match with
    // either; the user's searches go with the user, and their matches with them.
    savedSearchId: integer('saved_search_id').notNull(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    // Once per search and project: the key itself (no serial id, one index fewer to write per match).
    primaryKey({ name: 'saved_search_matches_pkey', columns: [t.savedSearchId, t.projectId] }),
    // The daily digest reads one person's untold matches.
    index('saved_search_matches_untold_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.toldAt} IS NULL`),
  ],
);
