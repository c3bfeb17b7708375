/**
 * Reviews are double-blind (issue 30, decision 059): each party's review stays hidden from the other
 * and from the public until both have reviewed, or until this deadline after the work was accepted,
 * whichever comes first. A review can be changed by its author while hidden, never once visible.
 */
export function reviewRevealDeadline(acceptedAt: Date, revealAfterMs: number): Date {
  return new Date(acceptedAt.getTime() + revealAfterMs);
}

/** The durable job that reveals a deal's hidden reviews at the deadline (one per project). */
export const REVEAL_REVIEWS_JOB = 'reviews.reveal';
export const revealReviewsJobKey = (projectId: number) => `project:${projectId}`;
