import type { FastifyInstance } from 'fastify';
import { emailEndpoints } from '#shared/contracts/email.js';
import { mailDestination } from '#server/integrations/email/mailer.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { devMailRoutes } from './dev-mail.routes.js';
import { type EmailContext, getEmailPreferences, listEmailCategories, setEmailChoice, unsubscribeWithToken, updateEmailPreferences } from './email.service.js';

/** A one-click body is 26 bytes (`List-Unsubscribe=One-Click`); nothing bigger has a reason to come. */
const unsubscribeBodyLimit = 4 * 1024;

export async function emailRoutes(app: FastifyInstance, ctx: EmailContext) {
  const endpoints = emailEndpoints;

  registerEndpoint(app, endpoints.categories, () => listEmailCategories(ctx));

  registerEndpoint(app, endpoints.preferences, (request) => getEmailPreferences(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.updatePreferences, (request) => updateEmailPreferences(ctx, requireUser(request), request.params.id, request.body));

  registerEndpoint(app, endpoints.setChoice, (request) => setEmailChoice(ctx, requireUser(request), request.params.id, request.body));

  // Mail clients POST the RFC 8058 form (application/x-www-form-urlencoded), our page posts nothing:
  // any body is accepted and none is read. The signed token is the whole credential.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: unsubscribeBodyLimit }, (_request, _body, done) => done(null, null));
    registerEndpoint(scope, endpoints.unsubscribe, (request) => unsubscribeWithToken(ctx, request.query.token));
  });

  // The development outbox's pages exist only where mail goes there: never in production.
  if (mailDestination(ctx.config) === 'outbox') devMailRoutes(app, ctx.db);
}
