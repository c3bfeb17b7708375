import { and, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.js';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { matchedRoute } from './matched-route.js';
import { findSessionUser } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded from the session cookie for /api and /ws requests. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** The HttpOnly cookie that carries a session's token. */
export const SESSION_COOKIE = 'fl_session';

export function registerSessionLoader(app: FastifyInstance, db: Db, config: Config) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  // A callback hook: a request without a session cookie (every visitor's) costs no promise (decision 084).
  app.addHook('onRequest', (request, _reply, done) => {
    // By the route the router matched, not the request's text: /%61pi/user is /api/user (decision 039).
    const route = matchedRoute(request);
    const token = route === undefined || (!route.startsWith('/api/') && route !== '/ws') ? undefined : request.cookies[SESSION_COOKIE];
    if (!token) return done();
    findSessionUser(db, config, token).then((user) => {
      if (user) {
        request.user = withEffectiveRole(user, config.operatorEmails);
        request.sessionToken = token;
      }
      done();
    }, done);
  });
}

/**
 * The role an account acts with: operator when OPERATOR_EMAILS names its email (issue 15) and its
 * owner proved that address (issue 26: registering with it, or asking to change to it, proves
 * nothing), its stored role otherwise. Never written back, so taking an address off the list
 * takes the role away at the next request.
 */
export function withEffectiveRole(user: UserRow, operatorEmails: readonly string[]): UserRow {
  return user.emailVerifiedAt !== null && operatorEmails.includes(user.email.toLowerCase()) ? { ...user, role: 'operator' } : user;
}

/** The rows withEffectiveRole makes operators by address, as a condition on `users`; undefined when OPERATOR_EMAILS is empty. */
export function isOperatorByEmail(operatorEmails: readonly string[]): SQL | undefined {
  if (operatorEmails.length === 0) return undefined;
  return and(inArray(sql`lower(${users.email})`, [...operatorEmails]), isNotNull(users.emailVerifiedAt));
}

/** The signed-in user, or a 401 for a visitor. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.user;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure whenever the request came over HTTPS (directly, or through a trusted proxy).
    secure: 'auto',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
}
