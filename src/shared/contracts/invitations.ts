import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import { createInvitationSchema, invitationSchema } from './invitations.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './invitations.schemas.js';

/** Invitations to bid (issue 30, item 5): an owner invites a finisher to bid on an open project. */
export const invitationEndpoints = defineEndpoints('invitations', {
  create: {
    method: 'POST',
    path: '/api/projects/:id/invitations',
    summary: 'Invite a developer to bid on your open project (owner)',
    description:
      'The developer gets a notification and a mail with the project. Once per project and developer; at most 20 open invitations per project (an invitation stays open until the developer bids or the project stops taking bids).',
    params: idParamsSchema,
    body: createInvitationSchema,
    status: 201,
    response: invitationSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  ofProject: {
    method: 'GET',
    path: '/api/projects/:id/invitations',
    summary: "The invitations of the owner's project, newest first (owner)",
    params: idParamsSchema,
    response: z.array(invitationSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  ofUser: {
    method: 'GET',
    path: '/api/users/:id/invitations',
    summary: 'The invitations a developer received, newest first (self)',
    params: idParamsSchema,
    response: z.array(invitationSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
