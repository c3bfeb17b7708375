import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { userSchema } from './users.schemas.js';
import { updateProfileSchema } from './profile.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './profile.schemas.js';

/** The signed-in user's own profile. */
export const profileEndpoints = defineEndpoints('profile', {
  update: {
    method: 'PATCH',
    path: '/api/users/:id/profile',
    summary: "Update the signed-in user's own profile",
    description: 'JSON profile fields, or multipart/form-data with an avatar file and the other fields (lists as JSON text).',
    params: idParamsSchema,
    body: updateProfileSchema,
    bodyFormat: 'multipart',
    response: userSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'EMAIL_TAKEN', 'USERNAME_TAKEN'],
  },
});
