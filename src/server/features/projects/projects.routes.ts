import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeProjectSchema,
  createProjectSchema,
  idParamsSchema,
  listProjectsQuerySchema,
  type ListProjectsQuery,
  projectDetailSchema,
  projectSchema,
  reviewWorkSchema,
  technologiesSchema,
  totalSpendingSchema,
  updateProjectStatusSchema,
} from '#shared/contracts/projects.js';
import { projectLimits } from '#shared/domain/limits.js';
import { errorResponseSchema } from '#shared/errors.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { requireUser } from '#server/plugins/session.js';
import { acceptImageUpload, storeImageWhile } from '#server/features/uploads/image-upload.js';
import { readMultipart } from '#server/features/uploads/multipart.js';
import {
  createProject,
  deliverWork,
  getProjectDetail,
  listProjects,
  listProjectsOfUser,
  listTechnologies,
  reviewWork,
  totalSpending,
  updateProjectStatus,
} from './projects.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The next page's address: the same filters with the cursor of the last row. */
function nextPageLink(query: ListProjectsQuery, cursor: string): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'tech', 'status'] as const) if (query[key]) params.set(key, query[key]);
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
    allowed: ['png', 'jpeg', 'gif', 'webp'],
    maxBytes: projectLimits.screenshotMaxBytes,
    prefix: 'screenshots',
  });
  return { input, image };
}

export function projectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  api.get(
    '/api/projects',
    { schema: { tags, querystring: listProjectsQuerySchema, response: { 200: z.array(projectSchema), 400: errorResponseSchema } } },
    async (request, reply) => {
      const page = await listProjects(ctx, request.user, request.query);
      if (page.nextCursor) reply.header('link', nextPageLink(request.query, page.nextCursor));
      return page.items;
    },
  );

  api.get('/api/technologies', { schema: { tags, response: { 200: technologiesSchema } } }, () => listTechnologies(ctx));

  api.get('/api/projects/:id', { schema: { tags, params: idParamsSchema, response: { 200: projectDetailSchema, ...errors } } }, (request) =>
    getProjectDetail(ctx, request.user, request.params.id),
  );

  api.post(
    '/api/projects',
    {
      schema: {
        tags,
        description: 'multipart/form-data with projectData (JSON text of the fields) and an optional image file, or a JSON body of the fields.',
        response: { 201: projectSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { input, image } = await readSubmission(ctx, request, actor.id);
      const project = await storeImageWhile(ctx.storage, image, (imageUrl) => createProject(ctx, actor, input, imageUrl ?? null));
      return reply.status(201).send(project);
    },
  );

  api.patch(
    '/api/projects/:id/status',
    { schema: { tags, params: idParamsSchema, body: updateProjectStatusSchema, response: { 200: projectSchema, ...errors } } },
    (request) => updateProjectStatus(ctx, requireUser(request), request.params.id, request.body.status),
  );

  api.post(
    '/api/projects/:id/complete',
    { schema: { tags, params: idParamsSchema, body: completeProjectSchema, response: { 200: projectSchema, ...errors } } },
    (request) => deliverWork(ctx, requireUser(request), request.params.id, request.body.deliveryMessage),
  );

  api.post(
    '/api/projects/:id/accept',
    { schema: { tags, params: idParamsSchema, body: reviewWorkSchema, response: { 200: projectSchema, ...errors } } },
    (request) => reviewWork(ctx, requireUser(request), request.params.id, request.body.accepted),
  );

  api.get('/api/users/:id/projects', { schema: { tags, params: idParamsSchema, response: { 200: z.array(projectSchema), ...errors } } }, (request) =>
    listProjectsOfUser(ctx, requireUser(request), request.params.id),
  );

  api.get('/api/users/:id/total-spending', { schema: { tags, params: idParamsSchema, response: { 200: totalSpendingSchema, ...errors } } }, (request) =>
    totalSpending(ctx, requireUser(request), request.params.id),
  );
}
