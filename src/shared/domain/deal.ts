import { DEFAULT_TIME_ZONE, formatDay } from './time-zone.js';

/**
 * The deal clock (docs/decisions/027-deal-clock.md): what runs on a timer once money is held, what
 * a deal's history records, and how a cancellation of a paid project is settled. The lists here
 * build the database enums and the API's schemas.
 */

/**
 * Durable timers, one row each (deal_timers). `*_due` moves the deal when its date passes (the
 * owner's silence accepts a delivery, the finisher's silence agrees to a cancellation, a missed
 * delivery deadline lets the owner cancel with a refund at once); `*_reminder` tells the party who
 * must act before it.
 */
export const dealTimerKinds = [
  'review_due',
  'review_reminder',
  'milestone_review_due',
  'milestone_review_reminder',
  'delivery_due',
  'delivery_reminder',
  'cancellation_due',
  'cancellation_reminder',
  // Decision 037: an accepted bid unpaid past DEAL_PAYMENT_WINDOW lapses; the owner is reminded before.
  'payment_due',
  'payment_reminder',
  // Disputes (decision 029): the other party's silence settles at the opener's offer; no agreement
  // by the negotiation window sends the dispute to the operator.
  'dispute_response_due',
  'dispute_response_reminder',
  'dispute_negotiation_due',
  // One mail to a party about the other side's offers and statements since the last (issue 26, item 6).
  'dispute_digest',
] as const;
export type DealTimerKind = (typeof dealTimerKinds)[number];

/** Every entry of a deal's history (GET /api/projects/{id}/deal), oldest first. */
export const dealHistoryKinds = [
  'payment_held',
  'payment_lapsed',
  'delivery',
  'revision_request',
  'acceptance',
  'auto_acceptance',
  'milestone_delivery',
  'milestone_revision_request',
  'milestone_approval',
  'milestone_auto_approval',
  'deadline_passed',
  'cancellation_request',
  'cancellation_agreed',
  'cancellation_objected',
  'cancellation_timed_out',
  'cancelled_before_payment',
  'cancelled_after_deadline',
  'cancelled_after_acceptance',
  'refund',
  'payout',
  'dispute_opened',
  'dispute_escalated',
  'dispute_settled',
  'change_order_proposed',
  'change_order_accepted',
  'change_order_declined',
  'change_order_withdrawn',
  'change_order_paid',
  'repository_access_invited',
  'repository_access_granted',
  'repository_access_removed',
  'pull_request_closed',
] as const;
export type DealHistoryKind = (typeof dealHistoryKinds)[number];

/** Who took a step of the deal: one of its two parties, or Finishline itself (a timer, a payment). */
export const dealParties = ['owner', 'finisher', 'system', 'operator'] as const;
export type DealParty = (typeof dealParties)[number];

/**
 * What a cancellation of the project did to the money:
 * - none: nothing was held (before payment), or the work was already accepted (nothing moves back);
 * - refund: the unsettled remainder goes back to the owner at once (the delivery deadline had passed
 *   with nothing delivered);
 * - open: the finisher is asked, and has until respondBy to agree or object;
 * - agreed / timed_out: the finisher agreed, or let the window pass: the remainder is refunded;
 * - objected: the finisher objected; the money stays held and the operator is told.
 */
export const cancellationOutcomes = ['none', 'refund', 'open', 'agreed', 'timed_out', 'objected'] as const;
export type CancellationOutcome = (typeof cancellationOutcomes)[number];

/** The outcomes that send the unsettled remainder back to the owner. */
export const refundingCancellationOutcomes = ['refund', 'agreed', 'timed_out'] as const satisfies readonly CancellationOutcome[];

export const isRefundingCancellation = (outcome: CancellationOutcome): boolean => (refundingCancellationOutcomes as readonly string[]).includes(outcome);

/** What the party named in a deal's next step is asked to do. */
export const dealStepActions = [
  'pay',
  'deliver',
  'review_delivery',
  'review_milestone',
  'answer_cancellation',
  'set_up_payouts',
  'operator_review',
  'respond_to_dispute',
  'settle_dispute',
] as const;
export type DealStepAction = (typeof dealStepActions)[number];

/** Reasons the owner gives with a revision request, and the finisher with an objection. */
export const dealReasonLimits = { min: 10, max: 2000 } as const;

const DAY_MS = 86_400_000;
/**
 * The day a deadline falls on, as the deal's sentences, notifications and mails write it: '30 Nov',
 * in the reader's zone (decision 048); UTC for a reader whose zone is not known.
 */
export function deadlineDay(date: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatDay(date, timeZone);
}

/** When silence accepts a delivery: the review window after it (or after the payment, for work delivered unpaid). */
export const reviewDeadline = (from: Date, reviewWindowMs: number): Date => new Date(from.getTime() + reviewWindowMs);

/** When an accepted bid lapses unpaid: the payment window after its acceptance (decision 037). */
export const paymentDeadline = (acceptedAt: Date, paymentWindowMs: number): Date => new Date(acceptedAt.getTime() + paymentWindowMs);

/** When the work is due: the accepted bid's timeline in days after the payment is held, plus the grace. */
export const deliveryDeadline = (heldAt: Date, timelineDays: number, graceMs: number): Date => new Date(heldAt.getTime() + timelineDays * DAY_MS + graceMs);

/**
 * Why a deal has ended for money that arrives now (docs/decisions/038-money-after-a-deal-ends.md),
 * or null while it is live. The one definition, from facts: the project was cancelled, a dispute
 * was opened on the deal (open or settled, it fixed the money in dispute when it opened), the work
 * was accepted, or the payment's bid is no longer the project's accepted bid (lapsed, replaced).
 * Money that arrives after the end is refunded in full, never split or released.
 */
export const dealEndReasons = ['cancelled', 'disputed', 'accepted', 'bid_ended'] as const;
export type DealEndReason = (typeof dealEndReasons)[number];

export interface DealEndFacts {
  isProjectCancelled: boolean;
  hasDispute: boolean;
  isWorkAccepted: boolean;
  /** The payment's bid is in a winning status and its finisher is the project's. */
  isAcceptedBid: boolean;
  /** The deal's own payment (the bid's), not a change order's. */
  isDealsOwnPayment: boolean;
}

export function dealEndReason(facts: DealEndFacts): DealEndReason | null {
  if (!facts.isAcceptedBid) return 'bid_ended';
  if (facts.isProjectCancelled) return 'cancelled';
  if (facts.hasDispute) return 'disputed';
  // Work accepted before its own payment (possible only before issue 26's item 1) is paid for by it.
  if (facts.isWorkAccepted && !facts.isDealsOwnPayment) return 'accepted';
  return null;
}
