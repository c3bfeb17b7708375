import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { bidIdParamsSchema, bidSchema, bidWithProjectSchema, declineBidSchema, editBidSchema, placeBidSchema, shortlistBidSchema } from './bids.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './bids.schemas.js';

/** Where bids live (GET /api/bids/:bidId): every bid's cache key starts with it. */
export const bidCollectionPath = '/api/bids';

/** Bids: a finisher's offer on a project, and the owner's choice of one. */
export const bidEndpoints = defineEndpoints('bids', {
  place: {
    method: 'POST',
    path: '/api/projects/:id/bids',
    summary: 'Bid on an open project (finisher)',
    description: 'One bid per finisher and project; the owner cannot bid on their own project. finisherId and projectId may be sent but are ignored.',
    params: idParamsSchema,
    body: placeBidSchema,
    status: 201,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  accept: {
    method: 'POST',
    path: '/api/bids/:bidId/accept',
    body: emptyBodySchema,
    summary: 'Accept a pending bid (owner)',
    description: "The project is assigned to the bid's finisher and every other pending bid is rejected.",
    params: bidIdParamsSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  edit: {
    method: 'PATCH',
    path: '/api/bids/:bidId',
    summary: 'Change a pending bid: amount, timeline, message, criteria answers (its finisher)',
    description: "The project's owner is notified of the change.",
    params: bidIdParamsSchema,
    body: editBidSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  withdraw: {
    method: 'POST',
    path: '/api/bids/:bidId/withdraw',
    body: emptyBodySchema,
    summary: 'Withdraw a pending bid (its finisher)',
    description: "A withdrawn bid can no longer be accepted; the project's owner is notified.",
    params: bidIdParamsSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  decline: {
    method: 'POST',
    path: '/api/bids/:bidId/decline',
    summary: 'Decline a pending bid, with an optional reason (owner)',
    description: "The bid's finisher is notified; a declined bid can no longer be accepted and its finisher cannot bid on the project again.",
    params: bidIdParamsSchema,
    body: declineBidSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  shortlist: {
    method: 'POST',
    path: '/api/bids/:bidId/shortlist',
    summary: "Put a pending bid on the owner's shortlist, or take it off (owner)",
    description: 'Shortlisted bids are listed first. Send { shortlisted: false } to take it off.',
    params: bidIdParamsSchema,
    body: shortlistBidSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  detail: {
    method: 'GET',
    path: '/api/bids/:bidId',
    summary: 'One bid with its project',
    description: "Only the project's owner and the bid's finisher may read it.",
    params: bidIdParamsSchema,
    response: bidWithProjectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  ofUser: {
    method: 'GET',
    path: '/api/users/:id/bids',
    summary: "The signed-in finisher's own bids, with their projects",
    params: idParamsSchema,
    response: z.array(bidWithProjectSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
