import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import { usernameParamsSchema } from './finishers.schemas.js';
import { idParamsSchema } from './projects.schemas.js';
import { createReviewSchema, reviewSchema } from './reviews.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './reviews.schemas.js';

/** Reviews: once a project is accepted, its owner and its finisher rate each other, once each. */
export const reviewEndpoints = defineEndpoints('reviews', {
  ofProject: {
    method: 'GET',
    path: '/api/projects/:id/reviews',
    session: 'optional',
    summary: "A project's reviews, newest first",
    description:
      'Reviews are double-blind: a review shows once both parties have reviewed, or 14 days after the work was accepted. Until then only its author reads it here.',
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
  update: {
    method: 'PATCH',
    path: '/api/reviews/:id',
    summary: 'Change your own review while it is hidden',
    description: 'Its author only, and only while the review is hidden: once both have reviewed, or the window has passed, it can no longer change.',
    params: idParamsSchema,
    body: createReviewSchema,
    response: reviewSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  },
  ofDeveloper: {
    method: 'GET',
    path: '/api/developers/:username/reviews',
    session: 'none',
    summary: 'The reviews a developer received, newest first (at most 100): visible ones only',
    params: usernameParamsSchema,
    response: z.array(reviewSchema),
    errors: ['NOT_FOUND'],
  },
});
