/**
 * The money ledger (issue 31, decision 063): every movement of a payment's money is one
 * append-only entry. What each kind of entry does to the payment is data here, so the server's
 * reads, the reconciliation and the deal page's ledger all count a payment the same way.
 */

export const ledgerEntryKinds = [
  /** The deal's own payment arrived and is held. */
  'payment_held',
  /** A change order's payment arrived and is held beside the deal's (decision 034). */
  'change_order_payment',
  /** Money that arrived after its deal ended (decision 038); refunded at once by a late_refund. */
  'late_payment',
  /** An approved milestone's share paid out to the finisher (less the fee). */
  'milestone_release',
  /** What the milestones had not paid out, paid to the finisher once the work was accepted. */
  'final_release',
  /** The finisher's part of a settled dispute, paid out (less the fee). */
  'dispute_release',
  /** Finishline's 10% of the money settled in the finisher's favour. */
  'platform_fee',
  /** Money back to the owner's card when the project was cancelled, in full or in part. */
  'refund',
  /** The owner's part of a settled dispute, back to their card. */
  'dispute_refund',
  /** Money that arrived after its deal ended, back to the card in full. */
  'late_refund',
  /** A chargeback opened on the card: payouts from this payment are frozen (moves nothing). */
  'chargeback_freeze',
  /** The chargeback was decided for Finishline: payouts resume (moves nothing). */
  'chargeback_won',
  /** The chargeback was lost: the bank took back what was still held. */
  'chargeback_lost',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Which term of the payment identity (paid = released + fee + refunded + still held) an entry adds to; `none` moves no money. */
export type LedgerEffect = 'paid' | 'released' | 'fee' | 'refunded' | 'none';

export const ledgerEffects: Record<LedgerEntryKind, LedgerEffect> = {
  payment_held: 'paid',
  change_order_payment: 'paid',
  late_payment: 'paid',
  milestone_release: 'released',
  final_release: 'released',
  dispute_release: 'released',
  platform_fee: 'fee',
  refund: 'refunded',
  dispute_refund: 'refunded',
  late_refund: 'refunded',
  chargeback_freeze: 'none',
  chargeback_won: 'none',
  chargeback_lost: 'refunded',
};

/** The words a ledger line starts with ("Held $2,400 on 3 Nov"). */
export const ledgerKindLabels: Record<LedgerEntryKind, string> = {
  payment_held: 'Held',
  change_order_payment: 'Held',
  late_payment: 'Received after the deal ended',
  milestone_release: 'Released',
  final_release: 'Released',
  dispute_release: 'Released after the dispute',
  platform_fee: 'Platform fee',
  refund: 'Refunded',
  dispute_refund: 'Refunded after the dispute',
  late_refund: 'Refunded in full',
  chargeback_freeze: 'Frozen by a chargeback',
  chargeback_won: 'Chargeback won, payouts resume',
  chargeback_lost: 'Taken back by a chargeback',
};

export interface LedgerTotals {
  paidCents: number;
  releasedCents: number;
  feeCents: number;
  refundedCents: number;
  /** paid - released - fee - refunded: what is still held. */
  heldCents: number;
}

/** The identity's terms from entries alone (one payment's, or a deal's: the sums add up either way). */
export function ledgerTotals(entries: readonly { kind: LedgerEntryKind; amountCents: number }[]): LedgerTotals {
  const sums: Record<LedgerEffect, number> = { paid: 0, released: 0, fee: 0, refunded: 0, none: 0 };
  for (const entry of entries) sums[ledgerEffects[entry.kind]] += entry.amountCents;
  return {
    paidCents: sums.paid,
    releasedCents: sums.released,
    feeCents: sums.fee,
    refundedCents: sums.refunded,
    heldCents: sums.paid - sums.released - sums.fee - sums.refunded,
  };
}
