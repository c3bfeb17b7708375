import { attachmentSchema } from './attachments.schemas.js';
import { z } from 'zod';
import { dealPullRequestSchema, repositoryAccessSchema } from './repositories.schemas.js';
import { changeOrderSchema } from './change-orders.schemas.js';
import { cancellationOutcomes, dealHistoryKinds, dealParties, dealReasonLimits as R, dealStepActions } from '#shared/domain/deal.js';
import { projectStatuses } from '#shared/domain/project-status.js';
import { disputeStatuses } from '#shared/domain/dispute.js';
import { paymentStatuses } from '#shared/domain/payment-status.js';
import { dealActions, dealSides, dealStages } from '#shared/domain/deal-machine.js';
import { errorCodes } from '#shared/errors.js';
import { formatCount } from '#shared/domain/counts.js';

/** A reason for a revision request or an objection: 10 to 2,000 characters, trimmed. */
export const dealReasonSchema = (what: string) =>
  z
    .string({ error: `Please give a reason for the ${what} of at least ${R.min} characters` })
    .trim()
    .min(R.min, `Please give a reason for the ${what} of at least ${R.min} characters`)
    .max(R.max, `The reason for the ${what} must be at most ${formatCount(R.max)} characters`);

export const dealPartySchema = z.enum(dealParties);

/** The one step the deal waits for: who must take it, by when, in words. */
export const dealNextStepSchema = z.object({
  action: z.enum(dealStepActions),
  actor: dealPartySchema,
  /** ISO date-time; null when the step has no deadline (paying, the operator's decision). */
  dueAt: z.string().nullable(),
  /** The grace days `dueAt` includes, in ms (a delivery deadline: DEAL_DELIVERY_GRACE); absent when none. */
  graceMs: z.number().int().optional(),
  /** One sentence with the names, the date (in the reader's zone) and the money ("Maya has until 30 Nov to review the delivery; ..."). */
  description: z.string(),
});

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
  /** Their texts, in the same order (issue 28, item 6): what the finisher is asked to fix. */
  unmetCriteriaTexts: z.array(z.string()).optional(),
  /** The files of a delivery or a milestone completion (issue 32, item 2). */
  files: z.array(attachmentSchema).optional(),
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
  /** While the request is open: until when the owner would have to answer if the finisher objected now (the dispute's response window). */
  objectionRespondBy: z.string().nullable(),
  /** A sentence for both parties: what the cancellation does to the money (an objection: the finisher's ask and what the owner's silence does, with the date). */
  description: z.string(),
});
export type DealCancellation = z.infer<typeof dealCancellationSchema>;

/** Where one payment's money is, each part in cents: paid = released + fee + refunded + held. */
export const dealMoneyPartsSchema = z.object({
  paidCents: z.number().int(),
  /** Still held in escrow: settled neither to the finisher nor back to the owner. */
  heldCents: z.number().int(),
  /** Paid out to the finisher, net of the fee. */
  releasedCents: z.number().int(),
  /** The platform's fee on what was settled in the finisher's favour. */
  feeCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type DealMoneyParts = z.infer<typeof dealMoneyPartsSchema>;

/** One payment of the deal: its own (the bid's price) or a change order's. */
export const dealPaymentMoneySchema = dealMoneyPartsSchema.extend({
  /** Null for the deal's own payment. */
  changeOrderId: z.number().int().nullable(),
  /** 'Original price', or 'Change order N' numbered as the deal's change orders are (oldest first, from 1). */
  label: z.string(),
  status: z.enum(paymentStatuses),
});
export type DealPaymentMoney = z.infer<typeof dealPaymentMoneySchema>;

/**
 * The one money view of the deal (decision 047), computed once by the server from its payment rows:
 * the totals, each paid payment, and what accepting the work would release now. Every card and dialog
 * reads it and adds nothing up itself.
 */
export const dealMoneySchema = dealMoneyPartsSchema.extend({
  payments: z.array(dealPaymentMoneySchema),
  /** What accepting the work would move now: the held money, to the finisher net and the fee. */
  onAcceptance: z.object({ finisherCents: z.number().int(), feeCents: z.number().int() }),
});
export type DealMoney = z.infer<typeof dealMoneySchema>;

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
  /**
   * For the owner, while she may cancel with money held: what cancelling now does to it, in words for
   * the cancel dialog (refunded at once past a missed deadline, else only once the finisher agrees or
   * is silent); null otherwise.
   */
  cancelNotice: z.string().nullable(),
  /** The deal's latest dispute (issue 15), if one was opened. */
  dispute: z.object({ id: z.number().int(), status: z.enum(disputeStatuses) }).nullable(),
  /** The deal's change orders (issue 18, item 6), oldest first, with their payments' status. */
  changeOrders: z.array(changeOrderSchema),
  /**
   * For the finisher only: what is owed to them now (accepted work, approved milestones) and waits
   * because no payout account can receive it yet (issue 28, item 2); null otherwise.
   */
  payoutWaiting: z.object({ amountCents: z.number().int() }).nullable(),
  /** The finisher's push access to the connected repository (issue 29); status none without one. */
  repositoryAccess: repositoryAccessSchema,
  /** The pull request the work was delivered with, as last read from its host; null otherwise. */
  pullRequest: dealPullRequestSchema.nullable(),
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
