import { z } from 'zod';
import { usernameParamsSchema } from './developers.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.js';

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
  reviewer: z.object({ id: z.number().int(), username: z.string(), avatarUrl: z.string().nullable() }),
  revieweeId: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Reviews: once a project is accepted, its owner and its finisher rate each other, once each. */
export const reviewEndpoints = defineEndpoints('reviews', {
  ofProject: {
    method: 'GET',
    path: '/api/projects/:id/reviews',
    summary: "A project's reviews, newest first",
    params: idParamsSchema,
    response: z.array(reviewSchema),
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/reviews',
    summary: 'Rate the other party of an accepted project (owner or assigned finisher)',
    params: idParamsSchema,
    body: createReviewSchema,
    status: 201,
    response: reviewSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT'],
  },
  ofDeveloper: {
    method: 'GET',
    path: '/api/developers/:username/reviews',
    summary: 'The reviews a developer received, newest first (at most 100)',
    params: usernameParamsSchema,
    response: z.array(reviewSchema),
    errors: ['NOT_FOUND'],
  },
});
