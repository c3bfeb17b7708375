import type { FastifyInstance } from 'fastify';
import { milestoneEndpoints } from '#shared/contracts/milestones.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
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

export function milestonesRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = milestoneEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listMilestones(ctx, request.user, request.params.id));

  registerEndpoint(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await addMilestone(ctx, requireUser(request), request.params.id, request.body)),
  );

  registerEndpoint(app, endpoints.update, (request) => updateMilestone(ctx, requireUser(request), request.params.milestoneId, request.body));

  registerEndpoint(app, endpoints.remove, async (request, reply) => {
    await removeMilestone(ctx, requireUser(request), request.params.milestoneId);
    return reply.status(204).send(null);
  });

  registerEndpoint(app, endpoints.complete, (request) => completeMilestone(ctx, requireUser(request), request.params.milestoneId, request.body.note));

  registerEndpoint(app, endpoints.approve, (request) => approveMilestone(ctx, requireUser(request), request.params.milestoneId));

  registerEndpoint(app, endpoints.sendBack, (request) => sendBackMilestone(ctx, requireUser(request), request.params.milestoneId, request.body.feedback));
}
