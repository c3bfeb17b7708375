import { z } from 'zod';
import { bidStatuses } from '#shared/domain/bid-lifecycle.js';
import { dealStages } from '#shared/domain/deal-machine.js';
import { projectLimits as L, scopeLimits as S } from '#shared/domain/limits.js';
import { criterionAnswers } from '#shared/domain/scope.js';
import { numberOrNumericText } from './numeric-text.js';

export const bidStatusSchema = z.enum(bidStatuses);

const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** A bid's answer to one acceptance criterion: clarify and exclude say why (issue 18). */
export const criterionAnswerSchema = z
  .strictObject({
    criterionId: z.number({ error: 'Each answer names a criterion' }).int().positive(),
    answer: z.enum(criterionAnswers, { error: 'Answer each criterion with agree, clarify or exclude' }),
    note: z.string().trim().max(S.answerNoteMax, `A note must be at most ${S.answerNoteMax} characters`).optional(),
  })
  .refine((a) => a.answer === 'agree' || (a.note !== undefined && a.note.length > 0), {
    message: 'A clarification or an exclusion needs a note',
    path: ['note'],
  });
export type CriterionAnswerBody = z.output<typeof criterionAnswerSchema>;

const criteriaAnswersSchema = z
  .array(criterionAnswerSchema, { error: 'criteriaAnswers must be a list' })
  .max(S.criteriaMax, `At most ${S.criteriaMax} criteria can be answered`)
  .refine((list) => new Set(list.map((a) => a.criterionId)).size === list.length, 'Answer each criterion once');

const includedRevisionsSchema = numberOrNumericText(
  z
    .number({ error: 'Included revisions must be a whole number' })
    .int('Included revisions must be a whole number')
    .min(0, 'Included revisions cannot be negative')
    .max(S.includedRevisionsMax, `At most ${S.includedRevisionsMax} revisions can be included`),
);

/** What an owner weighs on a bid card (issue 18, item 9): the finisher's record. */
export const finisherRecordSchema = z.object({
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedProjects: z.number().int(),
  /** Completed deals first delivered by the deal clock's delivery deadline over completed deals, whole percent; null before the first (decision 052). */
  onTimeRate: z.number().int().nullable(),
  /** When the finisher joined (ISO). */
  memberSince: z.string(),
});
export type FinisherRecord = z.infer<typeof finisherRecordSchema>;

const answeredCriterionSchema = z.object({
  criterionId: z.number().int(),
  answer: z.enum(criterionAnswers),
  note: z.string().optional(),
});

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
  /** The bid's answers to the project's acceptance criteria (owner and bidder only). */
  criteriaAnswers: z.array(answeredCriterionSchema).optional(),
  /** Revision requests included; null: the house default (owner and bidder only). */
  includedRevisions: z.number().int().nullable().optional(),
  /** The revision requests the bid's price includes: its own figure or the house default (owner and bidder only). */
  effectiveIncludedRevisions: z.number().int().optional(),
  /** On the owner's shortlist (owner and bidder only). */
  shortlisted: z.boolean().optional(),
  /** Why the owner declined it, if they said (owner and bidder only). */
  declineReason: z.string().nullable().optional(),
  /** The finisher's record, for the project's owner choosing a bid. */
  finisherRecord: finisherRecordSchema.optional(),
});
export type Bid = z.infer<typeof bidSchema>;

/** A bid with a summary of its project, for GET /api/bids/{bidId} and a finisher's own list. */
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
  /**
   * The deal machine's stage, on the finisher's own list for the project he is assigned to: his
   * winning bid's card names it (a bid stays 'paid' on a project cancelled and refunded; issue 28, item 8).
   */
  dealStage: z.enum(dealStages).optional(),
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
  criteriaAnswers: criteriaAnswersSchema.optional(),
  /** Revision requests the price includes; absent: the house default (DEAL_INCLUDED_REVISIONS). */
  includedRevisions: includedRevisionsSchema.optional(),
  // Sent by the client; the server always bids as the signed-in user on the project in the path.
  finisherId: z.unknown().optional(),
  projectId: z.unknown().optional(),
});
/** What a client sends to bid (wire) and what the service takes after parsing. */
export type PlaceBidBody = z.input<typeof placeBidSchema>;
export type PlaceBidInput = z.output<typeof placeBidSchema>;

export const bidIdParamsSchema = z.object({ bidId: rowId });

/** PATCH /api/bids/{bidId}: the bid's finisher changes any of its terms while it is pending. */
export const editBidSchema = placeBidSchema
  .pick({ amount: true, timeline: true, message: true, criteriaAnswers: true, includedRevisions: true })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one of amount, timeline, message or criteria answers');
export type EditBidBody = z.input<typeof editBidSchema>;
export type EditBidInput = z.output<typeof editBidSchema>;

/** POST /api/bids/{bidId}/decline: the owner may say why. */
export const declineBidSchema = z.strictObject({
  reason: z.string().trim().max(S.declineReasonMax, `A reason must be at most ${S.declineReasonMax} characters`).optional(),
});
export type DeclineBidBody = z.input<typeof declineBidSchema>;

/** POST /api/bids/{bidId}/shortlist: on (the default) or off the owner's shortlist. */
export const shortlistBidSchema = z.strictObject({ shortlisted: z.boolean().optional() });
export type ShortlistBidBody = z.input<typeof shortlistBidSchema>;
