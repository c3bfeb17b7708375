import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { dealSchema, objectCancellationSchema } from './deal.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './deal.schemas.js';

const stepErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'] as const;

/** The deal clock: the next step with its date, the history, and the answer to a cancellation (decision 027). */
export const dealEndpoints = defineEndpoints('deal', {
  get: {
    method: 'GET',
    path: '/api/projects/:id/deal',
    summary: "A project's deal: the next step, who must take it and by when, and its history",
    description: 'For the owner and the assigned finisher only.',
    params: idParamsSchema,
    response: dealSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  agreeToCancellation: {
    method: 'POST',
    path: '/api/projects/:id/cancellation/agree',
    body: emptyBodySchema,
    summary: 'Agree to the cancellation of a paid project (assigned finisher): the unsettled remainder is refunded',
    params: idParamsSchema,
    response: dealSchema,
    errors: stepErrors,
  },
  objectToCancellation: {
    method: 'POST',
    path: '/api/projects/:id/cancellation/object',
    summary: 'Object to the cancellation of a paid project (assigned finisher), with a reason: the money stays held',
    params: idParamsSchema,
    body: objectCancellationSchema,
    response: dealSchema,
    errors: stepErrors,
  },
});
