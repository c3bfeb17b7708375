import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { emailPreferencesSchema, unsubscribeQuerySchema, unsubscribeResultSchema, updateEmailPreferencesSchema } from './email.schemas.js';

// The types of this feature, so callers import them with the endpoints (decision 022).
export type * from './email.schemas.js';

/** Deal mail: which kinds a user gets, and the one-click unsubscribe link in every deal mail. */
export const emailEndpoints = defineEndpoints('email', {
  preferences: {
    method: 'GET',
    path: '/api/users/:id/email-preferences',
    summary: "The signed-in user's email preferences",
    description: 'Which deal mail the user gets: bid updates, deal updates and reminders. Password reset and security mail always go out.',
    params: idParamsSchema,
    response: emailPreferencesSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  updatePreferences: {
    method: 'PATCH',
    path: '/api/users/:id/email-preferences',
    summary: "Change the signed-in user's email preferences",
    description: 'Takes any of bidUpdates, dealUpdates and reminders; answers all three.',
    params: idParamsSchema,
    body: updateEmailPreferencesSchema,
    response: emailPreferencesSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/email/unsubscribe',
    session: 'none',
    summary: 'Turn one kind of deal mail off with a signed link',
    description:
      "The token of a deal mail's List-Unsubscribe link (RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` from anywhere, without a session) or of its footer link. The body is not read.",
    query: unsubscribeQuerySchema,
    // A mail client posts a form from no page of ours: the body is ignored and no Origin is asked for.
    bodyFormat: 'raw',
    response: unsubscribeResultSchema,
    errors: ['INVALID_UNSUBSCRIBE_TOKEN'],
  },
});
