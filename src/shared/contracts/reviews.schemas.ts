import { z } from 'zod';

export const createReviewSchema = z.strictObject({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(2_000, 'The comment must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null),
});
/** What a client sends to review a project (wire) and what the service takes after parsing. */
export type CreateReviewBody = z.input<typeof createReviewSchema>;
export type CreateReviewInput = z.output<typeof createReviewSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** When its author last changed it (only while hidden); null if never. */
  updatedAt: z.string().nullable(),
  /** Reviews are double-blind (issue 30): null while hidden from the other party and the public, who never receive it until then. */
  revealedAt: z.string().nullable(),
  /** While hidden (its author alone reads it): the latest it shows; the other party's review can reveal it sooner. Null once revealed. */
  revealsAt: z.string().nullable(),
  reviewer: z.object({ id: z.number().int(), username: z.string(), avatarUrl: z.string().nullable() }),
  revieweeId: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;
