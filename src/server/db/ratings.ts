import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { qualified } from './paid.js';
import { reviews } from './schema/reviews.js';
import { reviewIsRevealed } from './revealed-reviews.js';

/**
 * The one place a rating is read from reviews (issue 30): which reviews count towards the stars a
 * person shows. Reviews are double-blind (decision 059): revealed ones alone, and every rating (the
 * directory, a developer's stats, the suggested finishers, bid records, project cards) follows. The
 * directory reads the kept developer_records, whose triggers (migration 0028) write the same rule in
 * SQL; developer-records.test.ts compares them with ratingOf.
 */
export function reviewCountsTowardsRating(): SQL<boolean> {
  return reviewIsRevealed;
}

/** A person's average stars (numeric, null before any review) and review count, as scalar subqueries for a select list. */
export function ratingOf(revieweeId: PgColumn | SQL): { average: SQL<string | null>; count: SQL<number> } {
  const reviewee = 'table' in revieweeId ? qualified(revieweeId) : revieweeId;
  const where = sql`${qualified(reviews.revieweeId)} = ${reviewee} and ${reviewCountsTowardsRating()}`;
  return {
    average: sql<string | null>`(select avg(${qualified(reviews.rating)}) from ${reviews} where ${where})`,
    count: sql<number>`(select count(*)::int from ${reviews} where ${where})`,
  };
}

/** Average stars to one decimal, as the cards and stats show them; null before any review. */
export function roundRating(average: string | number | null | undefined): number | null {
  return average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10;
}
