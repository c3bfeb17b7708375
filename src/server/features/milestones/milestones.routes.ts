import type { FastifyInstance } from 'fastify';
import { milestoneEndpoints } from '#shared/contracts/milestones.js';
import { completeMilestoneSchema } from '#shared/contracts/milestones.schemas.js';
import { attachmentLimits } from '#shared/domain/attachments.js';
import { acceptAttachmentFiles, readAttachmentForm, storeAttachmentsWhile } from '#server/features/attachments/attachments.service.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import {
  addMilestone,
  approveMilestone,
  assertMilestoneFinisher,
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

  registerEndpoint(app, endpoints.complete, async (request) => {
    const actor = requireUser(request);
    const { milestoneId } = request.params;
    if (!request.isMultipart()) return completeMilestone(ctx, actor, milestoneId, completeMilestoneSchema.parse(request.body ?? {}).note);
    // Issue 32, item 2: the note and up to 10 files; only the assigned finisher's files are read.
    await assertMilestoneFinisher(ctx, actor, milestoneId);
    const form = await readAttachmentForm(request, attachmentLimits.perDelivery);
    const { note } = completeMilestoneSchema.parse(form.fields);
    const files = await acceptAttachmentFiles(ctx, actor.id, form.files, attachmentLimits.perDelivery);
    return storeAttachmentsWhile(ctx.storage, files, (stored) => completeMilestone(ctx, actor, milestoneId, note, stored));
  });

  registerEndpoint(app, endpoints.approve, (request) => approveMilestone(ctx, requireUser(request), request.params.milestoneId));

  registerEndpoint(app, endpoints.sendBack, (request) => sendBackMilestone(ctx, requireUser(request), request.params.milestoneId, request.body.feedback));
}
