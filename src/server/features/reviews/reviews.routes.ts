import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { createReviewSchema, reviewSchema } from '#shared/contracts/reviews.js';
import { errorResponseSchema } from '#shared/errors.js';
import type { AppContext } from '#server/context.js';
import { requireUser } from '#server/plugins/session.js';
import { createReview, listProjectReviews } from './reviews.service.js';

export function reviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  api.get('/api/projects/:id/reviews', { schema: { tags, params: idParamsSchema, response: { 200: z.array(reviewSchema) } } }, (request) =>
    listProjectReviews(ctx, request.params.id),
  );
  api.post(
    '/api/projects/:id/reviews',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createReviewSchema,
        response: {
          201: reviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await createReview(ctx, requireUser(request), request.params.id, request.body)),
  );
}
