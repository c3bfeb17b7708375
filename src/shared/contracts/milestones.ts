import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import {
  createMilestoneSchema,
  updateMilestoneSchema,
  completeMilestoneSchema,
  sendBackMilestoneSchema,
  milestoneSchema,
  milestoneIdParamsSchema,
} from './milestones.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './milestones.schemas.js';

/** The steps on a milestone answer 404 for an unknown one, 403 for the wrong party, 409 out of turn. */
const stepErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'] as const;

/** Milestones: the owner plans the work in paid steps, the assigned finisher delivers them one by one. */
export const milestoneEndpoints = defineEndpoints('milestones', {
  list: {
    method: 'GET',
    path: '/api/projects/:id/milestones',
    session: 'optional',
    summary: "A project's milestones, by due date",
    description: 'Amounts, completion notes and feedback are shown only to the owner and the assigned finisher.',
    params: idParamsSchema,
    response: z.array(milestoneSchema),
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/milestones',
    summary: 'Add a milestone (owner)',
    description: 'While the project is assigned or in progress; the milestones may not add up to more than the accepted bid.',
    params: idParamsSchema,
    body: createMilestoneSchema,
    status: 201,
    response: milestoneSchema,
    errors: [...stepErrors, 'CONFLICT'],
  },
  update: {
    method: 'PATCH',
    path: '/api/milestones/:milestoneId',
    summary: 'Change a pending milestone (owner)',
    params: milestoneIdParamsSchema,
    body: updateMilestoneSchema,
    response: milestoneSchema,
    errors: [...stepErrors, 'CONFLICT'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/milestones/:milestoneId',
    body: emptyBodySchema,
    summary: 'Remove a pending milestone (owner)',
    params: milestoneIdParamsSchema,
    status: 204,
    response: z.null(),
    errors: stepErrors,
  },
  complete: {
    method: 'POST',
    path: '/api/milestones/:milestoneId/complete',
    summary: 'Mark a milestone complete with a note and up to 10 files (assigned finisher)',
    description:
      'JSON `{ note }`, or multipart/form-data with `note` and up to 10 `files` (images, PDF, plain text or zip, each at most 10 MB, checked by their bytes), listed in the deal history.',
    params: milestoneIdParamsSchema,
    body: completeMilestoneSchema,
    bodyFormat: 'multipart',
    response: milestoneSchema,
    errors: stepErrors,
  },
  approve: {
    method: 'POST',
    path: '/api/milestones/:milestoneId/approve',
    body: emptyBodySchema,
    summary: 'Approve a completed milestone (owner)',
    description: 'The payout of its share to the finisher follows.',
    params: milestoneIdParamsSchema,
    response: milestoneSchema,
    errors: stepErrors,
  },
  sendBack: {
    method: 'POST',
    path: '/api/milestones/:milestoneId/send-back',
    summary: 'Send a completed milestone back with feedback (owner)',
    params: milestoneIdParamsSchema,
    body: sendBackMilestoneSchema,
    response: milestoneSchema,
    errors: stepErrors,
  },
});
