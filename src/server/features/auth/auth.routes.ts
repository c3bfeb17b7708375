import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints } from '#shared/contracts/auth.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import type { AppContext } from '#server/context.js';
import { clearSessionCookie, requireUser, setSessionCookie } from '#server/plugins/session.js';
import { toUserDto } from '#server/features/profile/profile.service.js';
import { type ClientMeta, logIn, logOut, registerUser } from './auth.service.js';

const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
  previousToken: request.sessionToken,
});

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, authEndpoints.register, async (request, reply) => {
    const signedIn = await registerUser(ctx, request.body, clientMeta(request));
    setSessionCookie(reply, signedIn.token, signedIn.expiresAt);
    return reply.status(201).send(toUserDto(signedIn.user));
  });

  registerEndpoint(app, authEndpoints.login, async (request, reply) => {
    const signedIn = await logIn(ctx, request.body, clientMeta(request));
    setSessionCookie(reply, signedIn.token, signedIn.expiresAt);
    return toUserDto(signedIn.user);
  });

  registerEndpoint(app, authEndpoints.logout, async (request, reply) => {
    await logOut(ctx, request.sessionToken);
    clearSessionCookie(reply);
    return { message: 'Logged out' };
  });

  registerEndpoint(app, authEndpoints.currentUser, (request) => toUserDto(requireUser(request)));
  registerEndpoint(app, authEndpoints.session, (request) => ({ user: request.user ? toUserDto(request.user) : null }));
}
