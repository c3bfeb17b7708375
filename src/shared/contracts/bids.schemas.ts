import { z } from 'zod';
import { bidStatuses } from '#shared/domain/bid-lifecycle.js';
import { projectLimits as L } from '#shared/domain/limits.js';
import { numberOrNumericText } from './numeric-text.js';

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
  /** Whole dollars (the spec's field), from amountCents (decision 026). */
  amount: z.number().int().optional(),
  /** The amount in cents: what the client reads. */
  amountCents: z.number().int().optional(),
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
  // Bids are whole dollars: '2400.50' is refused, not rounded, and says why (a non-positive amount first says that).
  amount: numberOrNumericText(
    z
      .number({ error: 'Amount must be positive' })
      .positive('Amount must be positive')
      .int('Amount must be a whole number of dollars')
      .max(L.bidAmountMaxDollars, 'Amount is too large'),
  ),
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
