import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { z } from 'zod';
import {
  emailCategorySchema,
  emailPreferencesSchema,
  setEmailChoiceSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateEmailPreferencesSchema,
} from './email.schemas.js';

// The types of this feature, so callers import them with the endpoints (decision 022).
export type * from './email.schemas.js';

/** Mail of every feature (decision 044): its kinds, which of them a user gets, and the one-click unsubscribe link in every mail a person can turn off. */
export const emailEndpoints = defineEndpoints('email', {
  categories: {
    method: 'GET',
    path: '/api/email/categories',
    session: 'none',
    summary: 'The kinds of mail Finishline sends',
    description:
      'Every category a feature registered with the mail composer: its label and description, whether it is on for a user who never chose, and whether it can be turned off (account and security mail cannot). No session needed: the unsubscribe page shows it.',
    response: z.array(emailCategorySchema),
    errors: [],
  },
  preferences: {
    method: 'GET',
    path: '/api/users/:id/email-preferences',
    summary: "The signed-in user's email preferences",
    description:
      'Which mail the user gets: one boolean per category that can be turned off (bid updates, deal updates and reminders, and any a feature registers). Password reset and security mail always go out.',
    params: idParamsSchema,
    response: emailPreferencesSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  updatePreferences: {
    method: 'PATCH',
    path: '/api/users/:id/email-preferences',
    summary: "Change the signed-in user's email preferences",
    description: 'Takes any of bidUpdates, dealUpdates and reminders; answers every category that can be turned off.',
    params: idParamsSchema,
    body: updateEmailPreferencesSchema,
    response: emailPreferencesSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  setChoice: {
    method: 'PATCH',
    path: '/api/users/:id/email-preferences/choice',
    summary: "Turn one kind of the signed-in user's mail on or off",
    description:
      'Any category that can be turned off, of any feature (GET /api/email/categories lists them); answers every category that can be turned off. A category that is unknown or cannot be turned off is refused with 400.',
    params: idParamsSchema,
    body: setEmailChoiceSchema,
    response: emailPreferencesSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/email/unsubscribe',
    session: 'none',
    summary: 'Turn one kind of mail off with a signed link',
    description:
      "The token of a mail's List-Unsubscribe link (RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` from anywhere, without a session) or of its footer link. The body is not read.",
    query: unsubscribeQuerySchema,
    // A mail client posts a form from no page of ours: the body is ignored and no Origin is asked for.
    bodyFormat: 'raw',
    response: unsubscribeResultSchema,
    errors: ['INVALID_UNSUBSCRIBE_TOKEN'],
  },
});
