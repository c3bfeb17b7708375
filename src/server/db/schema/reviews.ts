import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * After a project is accepted its owner rates the finisher and the finisher rates the owner, once each.
 * Double-blind (issue 30, docs/decisions/059-double-blind-reviews.md): a review is
 * hidden from the other party and the public until revealed_at, set when both have reviewed or when
 * REVIEW_REVEAL_AFTER has passed since the work was accepted, whichever is first. Every rating reads
 * revealed reviews alone (reviewIsRevealed in src/server/db/revealed-reviews.ts).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: integer('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the author last changed it (while hidden); null if never. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** When the other party and the public could first read it; null while hidden. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_project_reviewer_key').on(t.projectId, t.reviewerId),
    index('reviews_reviewee_created_idx').on(t.revieweeId, t.createdAt),
    // Every project answer carries its owner's average rating: read from this index alone (an
    // index-only scan), however many reviews the owner has.
    // Partial: ratings count revealed reviews alone.
    index('reviews_reviewee_rating_idx')
      .on(t.revieweeId, t.rating)
      .where(sql`${t.revealedAt} IS NOT NULL`),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_not_self_check', sql`${t.reviewerId} <> ${t.revieweeId}`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
