import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountEndpoints } from '#shared/contracts/account.js';
import { passwordResetRequestedMessage } from '#shared/contracts/account.schemas.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { clearSessionCookie, requireUser } from '#server/plugins/session.js';
import { deleteUserSessions } from '#server/plugins/session-store.js';
import { confirmEmailVerification, resendEmailVerification } from '#server/features/profile/profile.service.js';
import { changePassword, changeTimeZone, listSessions, revokeSession } from './account.service.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

/** The signed-in user and the session token they came with (requireUser guarantees both). */
function requireSession(request: FastifyRequest) {
  const user = requireUser(request);
  return { user, token: request.sessionToken! };
}

/** Session list and sign-out elsewhere, password change, and password reset by email. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = accountEndpoints;

  if (ctx.config.isProduction && !ctx.config.publicOrigin) {
    // Links in mail never take a request's Host header (a client sets it at will): without
    // PUBLIC_URL they point to this server on localhost, which only works on this machine.
    ctx.log.warn(`PUBLIC_URL is not set: links in emails point to ${ctx.config.linkOrigin}; set PUBLIC_URL in production`);
  }

  registerEndpoint(app, endpoints.sessions, async (request) => {
    const { user, token } = requireSession(request);
    return listSessions(ctx.db, ctx.config, user.id, token);
  });

  registerEndpoint(app, endpoints.revokeSession, async (request, reply) => {
    const { user, token } = requireSession(request);
    const { wasCurrent } = await revokeSession(ctx.db, user.id, request.params.id, token);
    if (wasCurrent) clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  registerEndpoint(app, endpoints.revokeOtherSessions, async (request) => {
    const { user, token } = requireSession(request);
    return { revoked: await deleteUserSessions(ctx.db, user.id, token) };
  });

  // No user id in the path: a person sets only their own zone.
  registerEndpoint(app, endpoints.changeTimeZone, (request) => changeTimeZone(ctx.db, requireUser(request), request.body));

  registerEndpoint(app, endpoints.changePassword, async (request) => {
    const { user, token } = requireSession(request);
    return changePassword(ctx, user, request.body, { ipAddress: request.ip, sessionToken: token });
  });

  registerEndpoint(app, endpoints.requestPasswordReset, async (request, reply) => {
    await requestPasswordReset(ctx, request.body, { ipAddress: request.ip });
    return reply.status(202).send({ message: passwordResetRequestedMessage });
  });

  registerEndpoint(app, endpoints.confirmPasswordReset, async (request, reply) => {
    await confirmPasswordReset(ctx, request.body, { ipAddress: request.ip });
    // Every session of the account has ended, this browser's included if it had one.
    clearSessionCookie(reply);
    return { message: 'Your password has been reset. Please log in with your new password.' };
  });

  registerEndpoint(app, endpoints.resendEmailVerification, async (request, reply) => {
    const user = requireUser(request);
    return reply.status(202).send(await resendEmailVerification(ctx, user));
  });

  registerEndpoint(app, endpoints.confirmEmailVerification, (request) => confirmEmailVerification(ctx, request.body));
}
