import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { documentSchema } from './documents.schemas.js';

// The types of this feature, so callers import them with the endpoints (decision 022).
export type * from './documents.schemas.js';

/** Receipts and payout statements (issue 31, item 3; decision 064): each its holder's alone. */
export const documentEndpoints = defineEndpoints('documents', {
  list: {
    method: 'GET',
    path: '/api/users/:id/documents',
    summary: 'Your receipts and payout statements, newest first (self)',
    description:
      'A receipt for each payment you made as an owner, a payout statement for each release paid to you as a finisher. Each is issued once, numbered without gaps per year (R-2026-0001, S-2026-0001); `url` downloads its PDF.',
    params: idParamsSchema,
    response: z.array(documentSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  one: {
    method: 'GET',
    path: '/api/documents/:id',
    summary: 'A receipt or payout statement (its holder only)',
    description:
      'The document as the list gives it, for the page the payment mail links (`/documents/{id}`); `url` downloads its PDF. Anyone but its holder, operators included, gets 404.',
    params: idParamsSchema,
    response: documentSchema,
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
  pdf: {
    method: 'GET',
    path: '/api/documents/:id/pdf',
    summary: 'Download a receipt or payout statement as a PDF (its holder only)',
    description: 'An attachment named after the document’s number. Anyone but its holder, operators included, gets 404.',
    params: idParamsSchema,
    // The bytes of the PDF (application/pdf).
    response: z.unknown(),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
});
