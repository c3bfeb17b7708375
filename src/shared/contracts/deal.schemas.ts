import { z } from 'zod';
import { changeOrderSchema } from './change-orders.schemas.js';
import { cancellationOutcomes, dealHistoryKinds, dealParties, dealReasonLimits as R, dealStepActions } from '#shared/domain/deal.js';
import { projectStatuses } from '#shared/domain/project-status.js';
import { disputeStatuses } from '#shared/domain/dispute.js';
import { dealActions, dealSides, dealStages } from '#shared/domain/deal-machine.js';
import { errorCodes } from '#shared/errors.js';

/** A reason for a revision request or an objection: 10 to 2,000 characters, trimmed. */
export const dealReasonSchema = (what: string) =>
  z
    .string({ error: `Please give a reason for the ${what} of at least ${R.min} characters` })
    .trim()
    .min(R.min, `Please give a reason for the ${what} of at least ${R.min} characters`)
    .max(R.max, `The reason for the ${what} must be at most ${R.max.toLocaleString('en-US')} characters`);

export const dealPartySchema = z.enum(dealParties);

/** The one step the deal waits for: who must take it, by when, in words. */
export const dealNextStepSchema = z.object({
  action: z.enum(dealStepActions),
  actor: dealPartySchema,
  /** ISO date-time; null when the step has no deadline (paying, the operator's decision). */
  dueAt: z.string().nullable(),
  /** One sentence with the names, the date and the money ("Maya has until 30 Nov to review the delivery; ..."). */
  description: z.string(),
});
export type DealNextStep = z.infer<typeof dealNextStepSchema>;

export const dealHistoryEntrySchema = z.object({
  kind: z.enum(dealHistoryKinds),
  at: z.string(),
  by: dealPartySchema,
  /** The delivery message, the revision's reason, the objection's reason. */
  message: z.string().optional(),
  amountCents: z.number().int().optional(),
  milestoneId: z.number().int().optional(),
  milestoneTitle: z.string().optional(),
  /** A delivery's evidence per agreed criterion (issue 18). */
  evidence: z.array(z.object({ criterionId: z.number().int(), note: z.string() })).optional(),
  /** The criteria a revision request names as not met (issue 18). */
  unmetCriteria: z.array(z.number().int()).optional(),
});
export type DealHistoryEntry = z.infer<typeof dealHistoryEntrySchema>;

export const dealCancellationSchema = z.object({
  outcome: z.enum(cancellationOutcomes),
  requestedAt: z.string(),
  /** Until when the finisher may answer an open request; null otherwise. */
  respondBy: z.string().nullable(),
  respondedAt: z.string().nullable(),
  /** The finisher's reason for objecting. */
  objection: z.string().nullable(),
  /** What goes (or went) back to the owner: the unsettled remainder; 0 when nothing moves. */
  refundCents: z.number().int(),
  /** A sentence for both parties: what the cancellation does to the money. */
  description: z.string(),
});
export type DealCancellation = z.infer<typeof dealCancellationSchema>;

/** The money of the deal, each part in cents: paid = released + fee + refunded + held. */
export const dealMoneySchema = z.object({
  paidCents: z.number().int(),
  heldCents: z.number().int(),
  releasedCents: z.number().int(),
  feeCents: z.number().int(),
  refundedCents: z.number().int(),
});

export const dealActionSchema = z.enum(dealActions);

export const dealSchema = z.object({
  status: z.enum(projectStatuses),
  /** Where the deal stands (the deal machine, decision 041). */
  stage: z.enum(dealStages),
  /** Whose move it is; null when the deal waits for nobody. */
  turn: z.enum(dealSides).nullable(),
  nextStep: dealNextStepSchema.nullable(),
  /** The deal steps the caller may take now: the client shows a control for each, and no other. */
  allowedActions: z.array(dealActionSchema),
  /** The deal steps the caller may not take now, each with the refusal the server would answer. */
  refusedActions: z.array(z.object({ action: dealActionSchema, code: z.enum(errorCodes), message: z.string() })),
  /** When the work is due (payment held + the bid's timeline + the grace days); null before payment. */
  deliveryDueAt: z.string().nullable(),
  /** When silence accepts the latest delivery; null while none waits for review. */
  reviewDueAt: z.string().nullable(),
  history: z.array(dealHistoryEntrySchema),
  cancellation: dealCancellationSchema.nullable(),
  /** Null before the money is paid. */
  money: dealMoneySchema.nullable(),
  /** The deal's latest dispute (issue 15), if one was opened. */
  dispute: z.object({ id: z.number().int(), status: z.enum(disputeStatuses) }).nullable(),
  /** The deal's change orders (issue 18, item 6), oldest first, with their payments' status. */
  changeOrders: z.array(changeOrderSchema),
});
export type Deal = z.infer<typeof dealSchema>;

/** An objection opens a dispute (issue 15) asking, unless said, for all of the held money. */
export const objectCancellationSchema = z.strictObject({
  reason: dealReasonSchema('objection'),
  finisherAmountCents: z
    .number()
    .int('The amount must be a whole number of cents')
    .min(0, 'The amount cannot be negative')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
});
export type ObjectCancellationBody = z.input<typeof objectCancellationSchema>;
