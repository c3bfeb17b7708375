import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import {
  disputeEvidenceBodySchema,
  disputeEvidenceFileParamsSchema,
  disputeOfferBodySchema,
  disputeOfferParamsSchema,
  disputeParamsSchema,
  disputeRulingSchema,
  disputeSchema,
  openDisputeSchema,
  operatorQueueQuerySchema,
  operatorQueueSchema,
} from './disputes.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './disputes.schemas.js';

const partyErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'INVALID_TRANSITION', 'CONFLICT'] as const;

/** Disputes over held money (issue 15; docs/decisions/029-disputes.md). */
export const disputeEndpoints = defineEndpoints('disputes', {
  open: {
    method: 'POST',
    path: '/api/projects/:id/disputes',
    summary: 'Open a dispute over the held money (the owner or the assigned finisher), with a reason and the amount the finisher should receive',
    description:
      'While the money is held and the delivery awaits review, after a revision request, or while a cancellation request is pending. Freezes the deal clock.',
    params: idParamsSchema,
    body: openDisputeSchema,
    status: 201,
    response: disputeSchema,
    errors: partyErrors,
  },
  get: {
    method: 'GET',
    path: '/api/disputes/:id',
    summary: 'A dispute with its offers, evidence and the deal as it happened (the two parties and operators)',
    params: disputeParamsSchema,
    response: disputeSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  addEvidence: {
    method: 'POST',
    path: '/api/disputes/:id/evidence',
    summary: 'Add a statement, with an optional image or PDF file (a party)',
    description:
      'multipart/form-data with `statement` and an optional `file` (PNG, JPEG, GIF, WebP or PDF, at most 5 MB), or a JSON body with the statement alone.',
    params: disputeParamsSchema,
    body: disputeEvidenceBodySchema,
    bodyFormat: 'multipart',
    status: 201,
    response: disputeSchema,
    errors: [...partyErrors, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  },
  evidenceFile: {
    method: 'GET',
    path: '/api/disputes/:id/evidence/:evidenceId/file',
    summary: 'The file of a piece of evidence (the two parties and operators)',
    params: disputeEvidenceFileParamsSchema,
    // The bytes of the file, with its own content type.
    response: z.unknown(),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  offer: {
    method: 'POST',
    path: '/api/disputes/:id/offers',
    summary: 'Offer what the finisher should receive (a party); an owner offer reaching the finisher’s latest ask settles at the ask',
    params: disputeParamsSchema,
    body: disputeOfferBodySchema,
    status: 201,
    response: disputeSchema,
    errors: partyErrors,
  },
  acceptOffer: {
    method: 'POST',
    path: '/api/disputes/:id/offers/:offerId/accept',
    body: emptyBodySchema,
    summary: "Accept the other side's latest offer (a party): the dispute settles at that amount",
    params: disputeOfferParamsSchema,
    response: disputeSchema,
    errors: partyErrors,
  },
  escalate: {
    method: 'POST',
    path: '/api/disputes/:id/escalate',
    body: emptyBodySchema,
    summary: 'Ask the operator to rule (a party)',
    params: disputeParamsSchema,
    response: disputeSchema,
    errors: partyErrors,
  },
  queue: {
    method: 'GET',
    path: '/api/operator/disputes',
    summary: 'The dispute queue, oldest first (operators)',
    query: operatorQueueQuerySchema,
    response: operatorQueueSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  },
  rule: {
    method: 'POST',
    path: '/api/operator/disputes/:id/ruling',
    summary: 'Rule the amount the finisher receives, with a written decision both parties read (operators)',
    params: disputeParamsSchema,
    body: disputeRulingSchema,
    response: disputeSchema,
    errors: partyErrors,
  },
});
