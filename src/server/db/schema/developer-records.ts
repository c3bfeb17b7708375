import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { tsvector } from './text-search.js';
import { userRole, users } from './users.js';

/**
 * Each person's record as the directory sorts and shows it (issue 30 Speed, decision 066): the stars
 * of their revealed reviews (sum and count, the average derived from them exactly as avg() gives it)
 * and their completed deals (projectIsCompletedDeal: accepted work whose own payment is held or
 * released). Kept by triggers on reviews, payments, bids, projects and users (migration 0028) in the
 * transaction that changes a fact, each recounting the people it touches; the hourly rate is copied
 * from users so that every directory order is one index. One row per user, made by the users trigger.
 */
export const developerRecords = pgTable(
  'developer_records',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** sum / count as numeric, which is what avg() of the ratings computes; 0 before any review (the directory's order). */
    averageRating: numeric('average_rating')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`case when ${developerRecords.reviewCount} = 0 then 0 else ${developerRecords.ratingSum}::numeric / ${developerRecords.reviewCount} end`,
      ),
    completedDeals: integer('completed_deals').notNull().default(0),
    /** users.hourly_rate, copied by the users trigger. */
    hourlyRate: integer('hourly_rate'),
    // The directory's listing and filters, copied by the users trigger (migration 0031) so that a
    // search reads one row per developer: users.role, users.onboarding_complete (available), the
    // skills lowercased, and the words (username A, skills B, bio C: developer_search_vector()).
    role: userRole('role').notNull().default('submitter'),
    available: boolean('available').notNull().default(false),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  // The directory's orders (finishers.directory.ts), each ending with the user id: ascending on
  // purpose, scanned backwards they serve ORDER BY ... DESC and the keyset cursor's row comparison.
  (t) => [
    index('developer_records_best_idx').on(t.averageRating, t.completedDeals, t.userId),
    index('developer_records_rating_idx').on(t.averageRating, t.reviewCount, t.completedDeals, t.userId),
    index('developer_records_completed_idx').on(t.completedDeals, t.averageRating, t.userId),
    index('developer_records_rate_asc_idx').on(sql`((${t.hourlyRate} is not null)::int)`, sql`(-coalesce(${t.hourlyRate}, 0))`, t.averageRating, t.userId),
    index('developer_records_search_idx').using('gin', t.searchVector),
    // The username's and skills' words alone (weights A and B): best match reads their matches
    // apart from the bio-only ones, which rank below them and are read in rating order (decision 066).
    index('developer_records_head_search_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a,b}'::"char"[])`),
    index('developer_records_rate_desc_idx').on(sql`((${t.hourlyRate} is not null)::int)`, sql`(coalesce(${t.hourlyRate}, 0))`, t.averageRating, t.userId),
  ],
);
