import { sql, type SQL } from 'drizzle-orm';
import { qualified } from './paid.js';
import { reviews } from './schema/reviews.js';

/**
 * A review the other party and the public may read (issue 30, decision 059): reviews are
 * double-blind, hidden until both parties have written one or REVIEW_REVEAL_AFTER has passed since
 * the work was accepted. Every rating, average and public list reads revealed reviews alone, through
 * this one predicate; its columns are named with their table, so it also serves inside subqueries.
 */
export const reviewIsRevealed: SQL<boolean> = sql<boolean>`${qualified(reviews.revealedAt)} is not null`;
