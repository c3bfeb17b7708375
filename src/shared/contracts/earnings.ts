import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { earningsSchema, statementQuerySchema } from './earnings.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './earnings.schemas.js';

/** Earnings and spending (issue 31, item 4): a person's own money, from the ledger. */
export const earningsEndpoints = defineEndpoints('earnings', {
  get: {
    method: 'GET',
    path: '/api/users/:id/earnings',
    summary: "A finisher's earnings or an owner's spending, from the ledger (self)",
    description:
      'role "finisher": held, released, pending payout (due but waiting for the payout account) and the fee, with the last 12 months. role "owner": Total Spending (paid less refunded) with its items and the last 12 months. Months are counted in the person\'s time zone.',
    params: idParamsSchema,
    response: earningsSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  statement: {
    method: 'GET',
    path: '/api/users/:id/ledger.csv',
    summary: "The person's ledger entries between two days as CSV, oldest first (self)",
    description:
      "text/csv, streamed, as an attachment. from and to (YYYY-MM-DD, both included, in the person's time zone) cover at most 5 years. Columns: id, date, time, kind, description, effect, project_id, project, payment_id, amount (dollars, two decimals), amount_cents, currency, provider_id, note, recorded_at (UTC).",
    params: idParamsSchema,
    query: statementQuerySchema,
    // The CSV text itself, streamed.
    response: z.unknown(),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
