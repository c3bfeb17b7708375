import type { FastifyInstance } from 'fastify';
import { repositoryEndpoints } from '#shared/contracts/repositories.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { findRepositoryHostView, finishGithubSignIn, startGithubSignIn } from './github-sign-in.service.js';
import { listConnectableRepositories } from './repositories.service.js';
import { getRepositoryReport, refreshRepositoryReport } from './repository-report.service.js';
import { handleRepositoryWebhook } from './repository-webhooks.service.js';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function repositoriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = repositoryEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listConnectableRepositories(ctx, requireUser(request)));

  registerEndpoint(app, endpoints.host, (request) => findRepositoryHostView(ctx, requireUser(request)));

  // Browser navigations, not fetches: both answer with a redirect. The session's own token binds the state.
  registerEndpoint(app, endpoints.githubAuthorize, async (request, reply) =>
    reply.redirect(await startGithubSignIn(ctx, requireUser(request), request.sessionToken ?? '', request.query.returnTo), 302),
  );
  registerEndpoint(app, endpoints.githubCallback, async (request, reply) =>
    reply.redirect(await finishGithubSignIn(ctx, requireUser(request), request.sessionToken ?? '', request.query), 302),
  );

  registerEndpoint(app, endpoints.report, (request) => getRepositoryReport(ctx, request.params.id));

  registerEndpoint(app, endpoints.refreshReport, async (request, reply) =>
    reply.status(202).send(await refreshRepositoryReport(ctx, requireUser(request), request.params.id)),
  );

  // Signatures are computed over the exact bytes, so this route keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 25 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, endpoints.webhook, (request) =>
      handleRepositoryWebhook(ctx, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), {
        event: header(request.headers['x-github-event']),
        delivery: header(request.headers['x-github-delivery']),
        signature: header(request.headers['x-hub-signature-256']),
      }),
    );
  });
}
