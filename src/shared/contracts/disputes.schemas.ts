import { attachmentSchema } from './attachments.schemas.js';
import { z } from 'zod';
import { dealPullRequestSchema } from './repositories.schemas.js';
import { dealHistoryEntrySchema, dealMoneySchema } from './deal.schemas.js';
import {
  disputeReasonLimits as R,
  disputeSettlements,
  disputeSides,
  disputeStages,
  disputeStatementLimits as S,
  disputeStatuses,
} from '#shared/domain/dispute.js';
import { milestoneStatuses } from '#shared/domain/milestone-lifecycle.js';
import { formatCount } from '#shared/domain/counts.js';

/**
 * What the finisher receives, in integer cents: 0 up to the disputed remainder (the upper bound
 * depends on the payment, so the service checks it and names it in its message).
 */
export const finisherAmountSchema = z
  .number({ error: 'Please enter the amount the developer should receive, in cents' })
  .int('The amount must be a whole number of cents')
  .min(0, 'The amount cannot be negative')
  // The money in dispute can pass 2^31 cents (decision 040); the service bounds it by the disputed amount.
  .max(Number.MAX_SAFE_INTEGER, 'The amount is too large');

const reasonText = (what: string) =>
  z
    .string({ error: `Please write the ${what} in at least ${R.min} characters` })
    .trim()
    .min(R.min, `Please write the ${what} in at least ${R.min} characters`)
    .max(R.max, `The ${what} must be at most ${formatCount(R.max)} characters`);

/** POST /api/projects/{id}/disputes */
export const openDisputeSchema = z.strictObject({ reason: reasonText('reason for the dispute'), finisherAmountCents: finisherAmountSchema });
export type OpenDisputeBody = z.input<typeof openDisputeSchema>;

/** POST /api/disputes/{id}/offers */
export const disputeOfferBodySchema = z.strictObject({ finisherAmountCents: finisherAmountSchema });
export type DisputeOfferBody = z.input<typeof disputeOfferBodySchema>;

/** POST /api/operator/disputes/{id}/ruling */
export const disputeRulingSchema = z.strictObject({ finisherAmountCents: finisherAmountSchema, decision: reasonText('decision') });
export type DisputeRulingBody = z.input<typeof disputeRulingSchema>;

/** POST /api/disputes/{id}/evidence: a statement, sent as multipart/form-data with an optional `file` (or as JSON without one). */
export const disputeEvidenceBodySchema = z.strictObject({
  statement: z
    .string({ error: 'Please write a statement' })
    .trim()
    .min(S.min, 'Please write a statement')
    .max(S.max, `The statement must be at most ${formatCount(S.max)} characters`),
});

export const disputeParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const disputeOfferParamsSchema = disputeParamsSchema.extend({ offerId: z.coerce.number().int().positive().max(2_147_483_647) });
export const disputeEvidenceFileParamsSchema = disputeParamsSchema.extend({ evidenceId: z.coerce.number().int().positive().max(2_147_483_647) });

export const disputeSideSchema = z.enum(disputeSides);
const person = z.object({ id: z.number().int(), username: z.string() });

export const disputeOfferSchema = z.object({
  id: z.number().int(),
  side: disputeSideSchema,
  finisherAmountCents: z.number().int(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type DisputeOffer = z.infer<typeof disputeOfferSchema>;

export const disputeEvidenceSchema = z.object({
  id: z.number().int(),
  side: disputeSideSchema,
  statement: z.string(),
  createdAt: z.string(),
  /** A file the side attached: served only to the parties and operators, at url. */
  file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

/** What both sides (and the operator) read without anyone re-posting it: the deal as it happened. */
export const disputeRecordSchema = z.object({
  bid: z.object({ amountCents: z.number().int(), timelineDays: z.number().int(), proposal: z.string(), createdAt: z.string() }),
  /** Every delivery, revision request, cancellation step and payout of the deal, oldest first. */
  history: z.array(dealHistoryEntrySchema),
  milestones: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      amountCents: z.number().int(),
      status: z.enum(milestoneStatuses),
      completionNote: z.string().nullable(),
      feedback: z.string().nullable(),
    }),
  ),
  /**
   * The bid's chat, oldest first, as it was said (issue 32): a deleted message keeps its text here,
   * an edited one its earlier texts, oldest first, and every message its files.
   */
  messages: z.array(
    z.object({
      id: z.number().int(),
      side: disputeSideSchema,
      content: z.string(),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
      deletedAt: z.string().nullable(),
      earlierTexts: z.array(z.string()),
      attachments: z.array(attachmentSchema),
    }),
  ),
  /** The pull request the work was delivered with (issue 29): its diff summary and checks; null otherwise. */
  pullRequest: dealPullRequestSchema.nullable(),
});

/** Where the settled amount goes: payout + fee + refund = the disputed amount. */
export const disputeSplitSchema = z.object({
  finisherAmountCents: z.number().int(),
  payoutCents: z.number().int(),
  feeCents: z.number().int(),
  refundCents: z.number().int(),
});

export const disputeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  status: z.enum(disputeStatuses),
  stage: z.enum(disputeStages),
  openedBy: disputeSideSchema,
  reason: z.string(),
  /** The unsettled remainder when it opened: every offer and ruling is between 0 and this. */
  disputedCents: z.number().int(),
  openedAt: z.string(),
  /** Until when the other side may answer at all; its silence then settles at the opener's offer. */
  respondBy: z.string(),
  respondedAt: z.string().nullable(),
  /** When, without agreement, it goes to the operator. */
  negotiateBy: z.string(),
  escalatedAt: z.string().nullable(),
  escalatedBy: disputeSideSchema.nullable(),
  settledAt: z.string().nullable(),
  settlement: z.enum(disputeSettlements).nullable(),
  split: disputeSplitSchema.nullable(),
  /** The operator's written decision, once ruled; both parties read it. */
  decision: z.string().nullable(),
  owner: person,
  finisher: person,
  /** Who is reading: one of the two sides, or an operator. */
  viewer: z.enum(['owner', 'finisher', 'operator']),
  /** Every offer, oldest first; the opener's first is the amount it opened with. */
  offers: z.array(disputeOfferSchema),
  evidence: z.array(disputeEvidenceSchema),
  record: disputeRecordSchema,
  /** The deal's money view (decision 047), the same the deal answer carries: what a ruling moved and what is still held. */
  money: dealMoneySchema.nullable(),
  /** One sentence: where the dispute stands and what happens next. */
  summary: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** GET /api/operator/disputes. Unknown parameters (the client's cache-busting _t) are ignored. */
export const operatorQueueQuerySchema = z.object({
  status: z.enum(disputeStatuses).default('with_operator'),
});

export const operatorQueueItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  status: z.enum(disputeStatuses),
  openedAt: z.string(),
  /** When it reached the operator (null while the parties negotiate). */
  escalatedAt: z.string().nullable(),
  disputedCents: z.number().int(),
  ownerUsername: z.string(),
  finisherUsername: z.string(),
  latestOwnerOfferCents: z.number().int().nullable(),
  latestFinisherAskCents: z.number().int().nullable(),
});
export type OperatorQueueItem = z.infer<typeof operatorQueueItemSchema>;
export const operatorQueueSchema = z.object({ disputes: z.array(operatorQueueItemSchema) });
export type OperatorQueue = z.infer<typeof operatorQueueSchema>;

/** The public record of a person's deals (rule 8): counts only, nothing else about any dispute. */
export const dealRecordSchema = z.object({
  dealsCompleted: z.number().int(),
  disputesAgainst: z.number().int(),
  /** How the disputes opened against them ended: by agreement (accepted or crossed offers), by silence, by ruling, or still open. */
  disputeOutcomes: z.object({ agreed: z.number().int(), silence: z.number().int(), ruling: z.number().int(), open: z.number().int() }),
});
export type DealRecord = z.infer<typeof dealRecordSchema>;
