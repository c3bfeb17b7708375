/**
 * Disputes over held money (docs/decisions/029-disputes.md). The lists here build the database
 * enums and the API's schemas; the rules are the ones both the server and the client read.
 */
import { splitPayment } from './money.js';

/**
 * - negotiating: the two parties trade offers and evidence;
 * - with_operator: a party asked for, or the negotiation window ran out into, the operator's ruling;
 * - settled: an amount for the finisher was agreed, reached by silence, or ruled.
 */
export const disputeStatuses = ['negotiating', 'with_operator', 'settled'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** The statuses that keep the deal frozen: money held, the deal clock stopped, payouts paused. */
export const activeDisputeStatuses = ['negotiating', 'with_operator'] as const satisfies readonly DisputeStatus[];
export const isActiveDispute = (status: DisputeStatus): boolean => (activeDisputeStatuses as readonly string[]).includes(status);

/**
 * How a dispute was settled:
 * - accepted: a party accepted the other side's latest offer;
 * - crossed: the owner's offer reached the finisher's latest ask, which it settled at;
 * - silence: the other party did not respond within DISPUTE_RESPONSE_WINDOW (the opener's offer);
 * - ruling: the operator ruled an amount with a written decision.
 */
export const disputeSettlements = ['accepted', 'crossed', 'silence', 'ruling'] as const;
export type DisputeSettlement = (typeof disputeSettlements)[number];

/** The two sides of a dispute. */
export const disputeSides = ['owner', 'finisher'] as const;
export type DisputeSide = (typeof disputeSides)[number];

/** Where the deal was when the dispute opened (rule 1 of issue 15). */
export const disputeStages = ['delivery_review', 'revision', 'cancellation'] as const;
export type DisputeStage = (typeof disputeStages)[number];

/** What an operator did, as the audit log records it (never edited through the API). */
export const operatorActions = ['viewed_queue', 'viewed_dispute', 'read_evidence_file', 'ruled', 'read_attachment'] as const;
export type OperatorAction = (typeof operatorActions)[number];

/** The reason a dispute is opened with, and an operator's written decision: 20 to 5,000 characters. */
export const disputeReasonLimits = { min: 20, max: 5000 } as const;
/** A statement of evidence: 1 to 5,000 characters (a file may carry the rest). */
export const disputeStatementLimits = { min: 1, max: 5000 } as const;

/** The evidence files a dispute takes (what a file input offers): images and PDF, under the upload size limit of spec section 9. */
export const disputeFileAccept = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

export const otherSide = (side: DisputeSide): DisputeSide => (side === 'owner' ? 'finisher' : 'owner');

/** The steps taken on an open dispute: the parties' four, and the operator's ruling. */
export type DisputeStep = 'addEvidence' | 'offer' | 'acceptOffer' | 'escalate' | 'rule';

/**
 * In which statuses each step may be taken, one rule for the server (which refuses the rest with
 * the refusal below, a 409) and the client (which shows only the controls that would work): the
 * parties add evidence, offer and accept until it is settled, ask the operator while they still
 * negotiate; the operator rules once it was sent to them.
 */
const disputeStepStatuses: Record<DisputeStep, readonly DisputeStatus[]> = {
  addEvidence: activeDisputeStatuses,
  offer: activeDisputeStatuses,
  acceptOffer: activeDisputeStatuses,
  escalate: ['negotiating'],
  rule: ['with_operator'],
};

/** Why the step cannot be taken in this status, or null when it can. */
export function disputeStepRefusal(step: DisputeStep, status: DisputeStatus): string | null {
  if (disputeStepStatuses[step].includes(status)) return null;
  if (status === 'settled') return 'This dispute is already settled';
  if (step === 'escalate') return "This dispute is already waiting for the operator's ruling";
  return 'The parties are still negotiating; a ruling comes once the dispute is sent to the operator';
}

export const canTakeDisputeStep = (step: DisputeStep, status: DisputeStatus): boolean => disputeStepRefusal(step, status) === null;

/**
 * Rule 3: the owner's offer reaching or passing the finisher's latest ask settles at once, at the
 * ask. Returns the amount it settles at, or null while the two offers still differ.
 */
export function crossingAmount(latestOwnerOfferCents: number | null, latestFinisherAskCents: number | null): number | null {
  if (latestOwnerOfferCents === null || latestFinisherAskCents === null) return null;
  return latestOwnerOfferCents >= latestFinisherAskCents ? latestFinisherAskCents : null;
}

/** Where a settlement's remainder goes, in cents: the finisher's payout, the platform's fee on it, the owner's refund. */
export interface DisputeSplit {
  finisherAmountCents: number;
  payoutCents: number;
  feeCents: number;
  refundCents: number;
}

/**
 * Rule 6: the finisher's amount is paid out less the platform's 10% on that amount; the rest of
 * the unsettled remainder is refunded to the owner. payout + fee + refund = remainder.
 */
export function splitDispute(remainderCents: number, finisherAmountCents: number): DisputeSplit {
  if (finisherAmountCents < 0 || finisherAmountCents > remainderCents) throw new RangeError(`finisherAmountCents must be within 0..${remainderCents}`);
  const { platformFeeCents, developerAmountCents } =
    finisherAmountCents > 0 ? splitPayment(finisherAmountCents) : { platformFeeCents: 0, developerAmountCents: 0 };
  return { finisherAmountCents, payoutCents: developerAmountCents, feeCents: platformFeeCents, refundCents: remainderCents - finisherAmountCents };
}
