import { z } from 'zod';
import { bidStatuses } from '#shared/domain/bid-lifecycle.js';
import { projectLimits as L } from '#shared/domain/limits.js';
import { defineEndpoints } from './endpoint.js';
import { numberOrNumericText } from './numeric-text.js';

/** Where bids live (GET /api/bids/:id): every bid's cache key starts with it. */
export const bidCollectionPath = '/api/bids';

export const bidStatusSchema = z.enum(bidStatuses);

/**
 * A bid as the API returns it. Amount, timeline and message are only present for the project's
 * owner and the bid's own finisher; everyone else gets detailsHidden: true and no such fields.
 */
export const bidSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  finisherId: z.number().int(),
  status: bidStatusSchema,
  createdAt: z.string(),
  developerUsername: z.string(),
  finisher: z.object({ id: z.number().int(), username: z.string(), avatarUrl: z.string().nullable() }),
  detailsHidden: z.boolean(),
  /** Whole dollars. */
  amount: z.number().int().optional(),
  /** Days. */
  timeline: z.number().int().optional(),
  message: z.string().optional(),
  /** The same text as message; the client reads both names. */
  proposal: z.string().optional(),
  paymentIntentId: z.string().nullable().optional(),
});
export type Bid = z.infer<typeof bidSchema>;

/** A bid with a summary of its project, for GET /api/bids/{id} and a finisher's own list. */
export const bidProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  techStack: z.array(z.string()),
  status: z.string(),
  submitterId: z.number().int(),
  finisherId: z.number().int().nullable(),
  submitter: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
});
export const bidWithProjectSchema = bidSchema.extend({ project: bidProjectSummarySchema });
export type BidWithProject = z.infer<typeof bidWithProjectSchema>;

/** Whole numbers parsed from text or numbers alike (spec section 5). */
const wholeNumber = (message: string) => z.number({ error: message }).int(message);

export const placeBidSchema = z.strictObject({
  amount: numberOrNumericText(wholeNumber('Amount must be positive').positive('Amount must be positive').max(L.bidAmountMaxDollars, 'Amount is too large')),
  timeline: numberOrNumericText(
    wholeNumber('Timeline must be positive').positive('Timeline must be positive').max(L.bidTimelineMaxDays, 'Timeline is too long'),
  ),
  message: z
    .string({ error: 'Message must be at least 20 characters' })
    .trim()
    .min(L.bidMessageMin, 'Message must be at least 20 characters')
    .max(L.bidMessageMax, `Message must be at most ${L.bidMessageMax} characters`),
  // Sent by the client; the server always bids as the signed-in user on the project in the path.
  finisherId: z.unknown().optional(),
  projectId: z.unknown().optional(),
});
/** What a client sends to bid (wire) and what the service takes after parsing. */
export type PlaceBidBody = z.input<typeof placeBidSchema>;
export type PlaceBidInput = z.output<typeof placeBidSchema>;

const rowId = z.coerce.number().int().positive().max(2_147_483_647);
export const bidIdParamsSchema = z.object({ bidId: rowId });
// The same rule as projects.ts's idParamsSchema, which cannot be imported here: projects.ts imports this file.
const idParamsSchema = z.object({ id: rowId });

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
    summary: 'Accept a pending bid (owner)',
    description: "The project is assigned to the bid's finisher and every other pending bid is rejected.",
    params: bidIdParamsSchema,
    response: bidSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  detail: {
    method: 'GET',
    path: '/api/bids/:id',
    summary: 'One bid with its project',
    description: "Only the project's owner and the bid's finisher may read it.",
    params: idParamsSchema,
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
