import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBodySchema, logoutResponseSchema, registerBodySchema } from '#shared/contracts/auth.js';
import { userSchema } from '#shared/contracts/users.js';
import { errorResponseSchema } from '#shared/errors.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import type { AppContext } from '#server/context.js';
import { clearSessionCookie, requireUser, setSessionCookie } from '#server/plugins/session.js';
import { toUserDto } from '#server/features/users/users.mapper.js';
import { type ClientMeta, logIn, logOut, registerUser } from './auth.service.js';

const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
  previousToken: request.sessionToken,
});

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 409, 429);

  // The legacy /api/auth/* paths answer exactly like the current ones.
  for (const url of ['/api/register', '/api/auth/register']) {
    api.post(
      url,
      {
        schema: { tags: ['auth'], body: registerBodySchema, response: { 201: userSchema, ...errors } },
      },
      async (request, reply) => {
        const signedIn = await registerUser(ctx, request.body, clientMeta(request));
        setSessionCookie(reply, signedIn.token, signedIn.expiresAt);
        return reply.status(201).send(toUserDto(signedIn.user));
      },
    );
  }

  for (const url of ['/api/login', '/api/auth/login']) {
    api.post(url, { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: userSchema, ...errors } } }, async (request, reply) => {
      const signedIn = await logIn(ctx, request.body, clientMeta(request));
      setSessionCookie(reply, signedIn.token, signedIn.expiresAt);
      return toUserDto(signedIn.user);
    });
  }

  api.post('/api/logout', { schema: { tags: ['auth'], response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    await logOut(ctx, request.sessionToken);
    clearSessionCookie(reply);
    return { message: 'Logged out' };
  });

  api.get('/api/user', { schema: { tags: ['auth'], response: { 200: userSchema, 401: errorResponseSchema } } }, async (request) =>
    toUserDto(requireUser(request)),
  );
}
