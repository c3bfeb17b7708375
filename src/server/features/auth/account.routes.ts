import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessageSchema,
  changePasswordBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedMessage,
  revokedSessionsSchema,
  sessionListSchema,
  sessionParamsSchema,
} from '#shared/contracts/account.js';
import type { AppContext } from '#server/context.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import { requestOrigin } from '#server/plugins/origin-check.js';
import { clearSessionCookie, requireUser } from '#server/plugins/session.js';
import { changePassword } from './account.service.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';
import { deleteUserSessions, listSessions, revokeSession } from './sessions.service.js';

/** The signed-in user and the session token they came with (requireUser guarantees both). */
function requireSession(request: FastifyRequest) {
  const user = requireUser(request);
  return { user, token: request.sessionToken! };
}

/** Session list and sign-out elsewhere, password change, and password reset by email. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  if (ctx.config.isProduction && !ctx.config.publicOrigin) {
    // Reset links then take the request's Host header, which a client can set at will.
    ctx.log.warn('PUBLIC_URL is not set: password reset links use the Host header of each request; set PUBLIC_URL in production');
  }

  api.get('/api/sessions', { schema: { tags, response: { 200: sessionListSchema, ...errorResponses(401) } } }, async (request) => {
    const { user, token } = requireSession(request);
    return listSessions(ctx.db, ctx.config, user.id, token);
  });

  api.delete(
    '/api/sessions/:id',
    { schema: { tags, params: sessionParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      const { user, token } = requireSession(request);
      const { wasCurrent } = await revokeSession(ctx.db, user.id, request.params.id, token);
      if (wasCurrent) clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/sessions/revoke-others',
    {
      schema: {
        tags,
        description: 'Signs out every other device; this one stays signed in.',
        response: { 200: revokedSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, token } = requireSession(request);
      return { revoked: await deleteUserSessions(ctx.db, user.id, token) };
    },
  );

  api.post(
    '/api/user/password',
    { schema: { tags, body: changePasswordBodySchema, response: { 200: revokedSessionsSchema, ...errorResponses(400, 401, 429) } } },
    async (request) => {
      const { user, token } = requireSession(request);
      return changePassword(ctx, user, request.body, { ipAddress: request.ip, sessionToken: token });
    },
  );

  api.post(
    '/api/password-reset/request',
    { schema: { tags, body: passwordResetRequestBodySchema, response: { 202: accountMessageSchema, ...errorResponses(400, 429) } } },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body, { ipAddress: request.ip, origin: requestOrigin(request, ctx.config.publicOrigin) });
      return reply.status(202).send({ message: passwordResetRequestedMessage });
    },
  );

  api.post(
    '/api/password-reset/confirm',
    { schema: { tags, body: passwordResetConfirmBodySchema, response: { 200: accountMessageSchema, ...errorResponses(400) } } },
    async (request, reply) => {
      await confirmPasswordReset(ctx, request.body);
      // Every session of the account has ended, this browser's included if it had one.
      clearSessionCookie(reply);
      return { message: 'Your password has been reset. Please log in with your new password.' };
    },
  );
}
