import { z } from 'zod';

/** How the disputes a person took part in ended, seen from their side (issue 30, item 7). */
export const disputeTallySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  split: z.number().int(),
});
export type DisputeTally = z.infer<typeof disputeTallySchema>;

/**
 * The facts Finishline records about a person (issue 30, item 7): the ground every badge stands on.
 * Null where there is no fact yet (a rate with nothing to divide, a rating with no revealed review).
 */
export const trustRecordSchema = z.object({
  userId: z.number().int(),
  /** The person's public name, so a record alone can head a public profile (the client's, /owners/{id}). */
  username: z.string(),
  emailVerified: z.boolean(),
  /** The finisher's payout account is set up with the payment provider. */
  payoutVerified: z.boolean(),
  memberSince: z.string(),
  asFinisher: z.object({
    dealsCompleted: z.number().int(),
    /** Percent of completed deals delivered by the deal clock's deadline; null before a completed deal. */
    onTimeRate: z.number().int().nullable(),
    disputes: disputeTallySchema,
    /** Average of revealed reviews, one decimal; null before one. */
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
  }),
  asOwner: z.object({
    dealsPaid: z.number().int(),
    /** Percent of accepted bids paid within the payment window (decision 037); null before a window ended or was met. */
    paidOnTimeRate: z.number().int().nullable(),
    /** Median hours from a delivery to the owner's decision on it; null before a decided delivery. */
    medianReviewHours: z.number().nullable(),
    /** Percent of posted projects with an accepted bid; null before a project. */
    hireRate: z.number().int().nullable(),
    disputes: disputeTallySchema,
    projectsPosted: z.number().int(),
  }),
});
export type TrustRecord = z.infer<typeof trustRecordSchema>;
