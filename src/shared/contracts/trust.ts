import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { trustRecordSchema } from './trust.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './trust.schemas.js';

/** Trust from facts (issue 30, item 7): what Finishline records about a person, behind every badge. */
export const trustEndpoints = defineEndpoints('trust', {
  record: {
    method: 'GET',
    path: '/api/users/:id/record',
    summary: 'The facts Finishline records about a person (anyone)',
    description:
      'Email and payout verification, membership date; as finisher: completed deals, on-time rate, disputes and how they ended, revealed reviews; as owner: deals paid, paid on time, median hours to review a delivery, hire rate. Null where there is no fact yet. Operators have no record (404).',
    params: idParamsSchema,
    response: trustRecordSchema,
    errors: ['NOT_FOUND'],
    session: 'none',
  },
});
