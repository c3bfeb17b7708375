import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  developerListItemSchema,
  developerProfileSchema,
  developerStatsSchema,
  listDevelopersQuerySchema,
  usernameParamsSchema,
} from '#shared/contracts/developers.js';
import { reviewSchema } from '#shared/contracts/reviews.js';
import { errorResponseSchema } from '#shared/errors.js';
import type { AppContext } from '#server/context.js';
import { listReviewsOfDeveloper } from '#server/features/reviews/reviews.service.js';
import { getDeveloperProfile, getDeveloperStats, listDevelopers } from './developers.service.js';

/** The public side of people: the directory, profiles, stats and the reviews they received. */
export function developersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['developers'];
  const notFound = { 404: errorResponseSchema };

  api.get('/api/developers', { schema: { tags, querystring: listDevelopersQuerySchema, response: { 200: z.array(developerListItemSchema) } } }, (request) =>
    listDevelopers(ctx, request.query),
  );
  api.get('/api/developers/:username', { schema: { tags, params: usernameParamsSchema, response: { 200: developerProfileSchema, ...notFound } } }, (request) =>
    getDeveloperProfile(ctx, request.params.username),
  );
  api.get(
    '/api/developers/:username/stats',
    { schema: { tags, params: usernameParamsSchema, response: { 200: developerStatsSchema, ...notFound } } },
    (request) => getDeveloperStats(ctx, request.params.username),
  );
  api.get(
    '/api/developers/:username/reviews',
    { schema: { tags, params: usernameParamsSchema, response: { 200: z.array(reviewSchema), ...notFound } } },
    (request) => listReviewsOfDeveloper(ctx, request.params.username),
  );
}
