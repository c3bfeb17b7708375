import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeMilestoneSchema,
  createMilestoneSchema,
  milestoneIdParamsSchema,
  milestoneSchema,
  sendBackMilestoneSchema,
  updateMilestoneSchema,
} from '#shared/contracts/milestones.js';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { errorResponseSchema } from '#shared/errors.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import type { AppContext } from '#server/context.js';
import { requireUser } from '#server/plugins/session.js';
import {
  addMilestone,
  approveMilestone,
  completeMilestone,
  listMilestones,
  removeMilestone,
  sendBackMilestone,
  updateMilestone,
} from './milestones.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export function milestonesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['milestones'];
  const one = { params: milestoneIdParamsSchema, response: { 200: milestoneSchema, ...errors } };

  api.get(
    '/api/projects/:id/milestones',
    { schema: { tags, params: idParamsSchema, response: { 200: z.array(milestoneSchema), 404: errorResponseSchema } } },
    (request) => listMilestones(ctx, request.user, request.params.id),
  );
  api.post(
    '/api/projects/:id/milestones',
    { schema: { tags, params: idParamsSchema, body: createMilestoneSchema, response: { 201: milestoneSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addMilestone(ctx, requireUser(request), request.params.id, request.body)),
  );
  api.patch('/api/milestones/:milestoneId', { schema: { tags, ...one, body: updateMilestoneSchema } }, (request) =>
    updateMilestone(ctx, requireUser(request), request.params.milestoneId, request.body),
  );
  api.delete(
    '/api/milestones/:milestoneId',
    { schema: { tags, params: milestoneIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeMilestone(ctx, requireUser(request), request.params.milestoneId);
      return reply.status(204).send(null);
    },
  );
  api.post('/api/milestones/:milestoneId/complete', { schema: { tags, ...one, body: completeMilestoneSchema } }, (request) =>
    completeMilestone(ctx, requireUser(request), request.params.milestoneId, request.body.note),
  );
  api.post('/api/milestones/:milestoneId/approve', { schema: { tags, ...one } }, (request) =>
    approveMilestone(ctx, requireUser(request), request.params.milestoneId),
  );
  api.post('/api/milestones/:milestoneId/send-back', { schema: { tags, ...one, body: sendBackMilestoneSchema } }, (request) =>
    sendBackMilestone(ctx, requireUser(request), request.params.milestoneId, request.body.feedback),
  );
}
