import { defineEndpoints } from './endpoint.js';
import { operatorJobsSchema } from './jobs.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './jobs.schemas.js';

/** Durable jobs (docs/decisions/042-durable-jobs.md): what operators see of them. */
export const jobEndpoints = defineEndpoints('jobs', {
  list: {
    method: 'GET',
    path: '/api/operator/jobs',
    summary: 'The durable jobs that are due, running and failed: counts, and the latest rows of each (operators)',
    response: operatorJobsSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
