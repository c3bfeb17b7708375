import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { githubWebhookResponseSchema, refreshReportResponseSchema, repositoryReportSchema, repositorySchema } from './repositories.schemas.js';

export type * from './repositories.schemas.js';

/** Connected repositories and their intake reports (issue 29). */
export const repositoryEndpoints = defineEndpoints('repositories', {
  list: {
    method: 'GET',
    path: '/api/repositories',
    summary: 'The repositories the signed-in person may connect to a project',
    description: 'GitHub repositories the person administers through the Finishline app, or their own repositories on the sandbox host.',
    response: z.array(repositorySchema),
    errors: ['UNAUTHENTICATED', 'SERVICE_UNAVAILABLE'],
  },
  report: {
    method: 'GET',
    path: '/api/projects/:id/repository-report',
    session: 'optional',
    summary: "The intake report of a project's connected repository",
    description:
      'What Finishline read on the default branch (languages, lines, tests, CI, manifests, history), and of which commit; readable by whoever may read the project. 404 when no repository is connected.',
    params: idParamsSchema,
    response: repositoryReportSchema,
    errors: ['NOT_FOUND'],
  },
  refreshReport: {
    method: 'POST',
    path: '/api/projects/:id/repository-report/refresh',
    summary: "Read the connected repository's default branch again (owner)",
    description: 'Queues a new intake report; limited per project per hour.',
    params: idParamsSchema,
    body: emptyBodySchema,
    status: 202,
    response: refreshReportResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
  },
  webhook: {
    method: 'POST',
    path: '/api/github/webhook',
    session: 'none',
    summary: "The repository host's signed events",
    description:
      "GitHub App deliveries (and the sandbox host's, in the same shape): the raw body is verified against X-Hub-Signature-256; a delivery seen before is acknowledged with duplicate: true.",
    bodyFormat: 'raw',
    response: githubWebhookResponseSchema,
    errors: ['VALIDATION_FAILED'],
  },
});
