import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ListProjectsQuery, projectEndpoints } from '#shared/contracts/projects.js';
import { completeProjectSchema, createProjectSchema } from '#shared/contracts/projects.schemas.js';
import { attachmentLimits } from '#shared/domain/attachments.js';
import type { UserRow } from '#server/db/schema/users.js';
import { acceptAttachmentFiles, readAttachmentForm, storeAttachmentsWhile } from '#server/features/attachments/attachments.service.js';
import { projectLimits } from '#shared/domain/limits.js';
import { screenshotFormats } from '#shared/domain/uploads.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { acceptImageUpload, storeImageWhile } from '#server/integrations/storage/image-upload.js';
import { readMultipart } from '#server/plugins/multipart.js';
import {
  createProject,
  deliverByPullRequest,
  assertDeliverer,
  deliverWork,
  getProjectDetail,
  listProjects,
  listProjectsOfUser,
  listTechnologies,
  reviewWork,
  totalSpending,
  updateProjectStatus,
} from './projects.service.js';
import { updateProject } from './projects.edit.js';

/** The next page's address: the same filters with the cursor of the last row. */
function nextPageLink(query: ListProjectsQuery, cursor: string): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const tech of query.tech ?? []) params.append('tech', tech);
  for (const key of ['minBudget', 'maxBudget', 'sort', 'status'] as const) if (query[key] !== undefined) params.set(key, String(query[key]));
  params.set('limit', String(query.limit));
  params.set('cursor', cursor);
  return `</api/projects?${params.toString()}>; rel="next"`;
}

/** POST /api/projects takes multipart (projectData as JSON text, optional image) or plain JSON. */
async function readSubmission(ctx: AppContext, request: FastifyRequest, uploaderId: number) {
  if (!request.isMultipart()) return { input: createProjectSchema.parse(request.body ?? {}) };
  const { fields, file } = await readMultipart(request, { fileField: 'image', maxBytes: projectLimits.screenshotMaxBytes, maxFiles: 1 });
  let data: unknown;
  try {
    data = JSON.parse(fields.projectData ?? '{}');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'projectData must be JSON text');
  }
  // Validate the fields before spending time on the image.
  const input = createProjectSchema.parse(data);
  if (!file) return { input };
  const image = await acceptImageUpload(ctx, uploaderId, file.buffer, {
    allowed: screenshotFormats,
    maxBytes: projectLimits.screenshotMaxBytes,
    prefix: 'screenshots',
  });
  return { input, image };
}

/**
 * A delivery: JSON, or multipart with `deliveryMessage`, `evidence` (as JSON text) and up to 10
 * `files` (issue 32, item 2). Only the assigned finisher's files are read and checked.
 */
async function readDelivery(ctx: AppContext, request: FastifyRequest, actor: UserRow, projectId: number) {
  if (!request.isMultipart()) return { body: completeProjectSchema.parse(request.body ?? {}), files: [] };
  await assertDeliverer(ctx, actor, projectId);
  const limit = attachmentLimits.perDelivery;
  const form = await readAttachmentForm(request, limit);
  const { evidence, ...fields } = form.fields;
  let parsedEvidence: unknown;
  try {
    parsedEvidence = evidence === undefined ? undefined : JSON.parse(evidence);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The evidence could not be read');
  }
  const body = completeProjectSchema.parse({ ...fields, ...(parsedEvidence === undefined ? {} : { evidence: parsedEvidence }) });
  return { body, files: await acceptAttachmentFiles(ctx, actor.id, form.files, limit) };
}

export function projectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = projectEndpoints;

  registerEndpoint(app, endpoints.list, async (request, reply) => {
    const page = await listProjects(ctx, request.user, request.query);
    if (page.nextCursor) reply.header('link', nextPageLink(request.query, page.nextCursor));
    return page.items;
  });

  registerEndpoint(app, endpoints.technologies, () => listTechnologies(ctx));

  registerEndpoint(app, endpoints.detail, (request) => getProjectDetail(ctx, request.user, request.params.id));

  registerEndpoint(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const { input, image } = await readSubmission(ctx, request, actor.id);
    const project = await storeImageWhile(ctx.storage, image, (imageUrl) => createProject(ctx, actor, input, imageUrl ?? null));
    return reply.status(201).send(project);
  });

  registerEndpoint(app, endpoints.update, (request) => updateProject(ctx, requireUser(request), request.params.id, request.body));

  registerEndpoint(app, endpoints.updateStatus, (request) => updateProjectStatus(ctx, requireUser(request), request.params.id, request.body.status));

  registerEndpoint(app, endpoints.deliver, async (request) => {
    const actor = requireUser(request);
    const { body, files } = await readDelivery(ctx, request, actor, request.params.id);
    return storeAttachmentsWhile(ctx.storage, files, (stored) =>
      deliverWork(ctx, actor, request.params.id, body.deliveryMessage, body.evidence, undefined, stored),
    );
  });

  registerEndpoint(app, endpoints.deliverPullRequest, (request) => deliverByPullRequest(ctx, requireUser(request), request.params.id, request.body));

  registerEndpoint(app, endpoints.review, (request) => reviewWork(ctx, requireUser(request), request.params.id, request.body));

  registerEndpoint(app, endpoints.ofUser, (request) => listProjectsOfUser(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.totalSpending, (request) => totalSpending(ctx, requireUser(request), request.params.id));
}
