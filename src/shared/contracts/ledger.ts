import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { dealLedgerSchema } from './ledger.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './ledger.schemas.js';

/** Money records (issue 31): where every cent of a deal went. */
export const ledgerEndpoints = defineEndpoints('ledger', {
  deal: {
    method: 'GET',
    path: '/api/projects/:id/ledger',
    summary: "A deal's money ledger: every movement, oldest first, and what is still held",
    description: 'For the project owner, its developer and Finishline operators.',
    params: idParamsSchema,
    response: dealLedgerSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
});
