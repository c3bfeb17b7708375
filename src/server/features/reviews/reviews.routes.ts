import type { FastifyInstance } from 'fastify';
import { reviewEndpoints } from '#shared/contracts/reviews.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { createReview, listProjectReviews, listReviewsOfDeveloper, updateReview } from './reviews.service.js';

export function reviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = reviewEndpoints;

  registerEndpoint(app, endpoints.ofProject, (request) => listProjectReviews(ctx, request.user, request.params.id));

  registerEndpoint(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await createReview(ctx, requireUser(request), request.params.id, request.body)),
  );

  registerEndpoint(app, endpoints.update, (request) => updateReview(ctx, requireUser(request), request.params.id, request.body));

  registerEndpoint(app, endpoints.ofDeveloper, (request) => listReviewsOfDeveloper(ctx, request.params.username));
}
