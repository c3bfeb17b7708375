import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { userSchema } from './users.schemas.js';
import { loginBodySchema, registerBodySchema, logoutResponseSchema, sessionResponseSchema } from './auth.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './auth.schemas.js';

/** Registration, sign-in and sign-out, and the signed-in user. */
export const authEndpoints = defineEndpoints('auth', {
  register: {
    method: 'POST',
    path: '/api/register',
    session: 'optional',
    aliases: ['/api/auth/register'],
    summary: 'Create an account and sign in',
    body: registerBodySchema,
    status: 201,
    response: userSchema,
    errors: ['EMAIL_TAKEN', 'USERNAME_TAKEN'],
  },
  login: {
    method: 'POST',
    path: '/api/login',
    session: 'optional',
    aliases: ['/api/auth/login'],
    summary: 'Sign in with email and password',
    body: loginBodySchema,
    response: userSchema,
    errors: ['INVALID_CREDENTIALS'],
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    session: 'optional',
    body: emptyBodySchema,
    summary: 'Sign out of this device',
    response: logoutResponseSchema,
    errors: [],
  },
  currentUser: {
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 for a visitor)',
    response: userSchema,
    errors: ['UNAUTHENTICATED'],
  },
  session: {
    method: 'GET',
    path: '/api/session',
    session: 'optional',
    summary: "Who is signed in: the user, or null for a visitor (never a 401, so a visitor's page logs no error)",
    response: sessionResponseSchema,
    errors: [],
  },
});
