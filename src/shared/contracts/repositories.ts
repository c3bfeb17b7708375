import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import {
  githubAuthorizeQuerySchema,
  githubCallbackQuerySchema,
  githubWebhookResponseSchema,
  redirectResponseSchema,
  refreshReportResponseSchema,
  repositoryHostSchema,
  repositoryReportSchema,
  repositorySchema,
} from './repositories.schemas.js';

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
  host: {
    method: 'GET',
    path: '/api/repositories/host',
    summary: "This server's repository host, and the signed-in person's linked GitHub account",
    description: "provider is 'github' when the GitHub App is set up, else 'sandbox'; githubLogin is null until the person links GitHub.",
    response: repositoryHostSchema,
    errors: ['UNAUTHENTICATED'],
  },
  githubAuthorize: {
    method: 'GET',
    path: '/api/github/authorize',
    summary: 'Start linking a GitHub account: a redirect to GitHub (a browser navigation)',
    description:
      "302 to GitHub's authorize page with a single-use state bound to this session, good for ten minutes. returnTo, a path on this site, is where the callback sends the person back. 404 when the server has no GitHub App (sandbox host).",
    query: githubAuthorizeQuerySchema,
    status: 302,
    response: redirectResponseSchema,
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
  githubCallback: {
    method: 'GET',
    path: '/api/github/callback',
    summary: "GitHub's redirect back: link the account, then a redirect to returnTo (a browser navigation)",
    description:
      "Checks the state against this session (403 when it is missing, unknown, used, expired or another session's), exchanges the code, stores the tokens encrypted, asks again for push access on the deals the person works on, and redirects to returnTo or /dashboard. 409 when the GitHub account is linked to another Finishline account; 404 on the sandbox host.",
    query: githubCallbackQuerySchema,
    status: 302,
    response: redirectResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  },
});
