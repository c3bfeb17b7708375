/**
 * Where a payment's money is: pending (checkout open), held (paid, not yet released), released
 * (paid out to the finisher), refunded, or failed (the amount did not match the bid).
 */
export const paymentStatuses = ['pending', 'held', 'released', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * "Paid", once for the whole product: the owner's money arrived and was not given back, so it is
 * held or already released. A project is paid when its winning bid's payment is; the server moves
 * the bid itself to 'paid' and 'completed' as that payment is held and released.
 */
export const paidPaymentStatuses = ['held', 'released'] as const satisfies readonly PaymentStatus[];

/**
 * The owner's payment came, whatever became of it since (held, released, or taken back by a refund
 * or a lost chargeback): a deal's steps after the payment need it (issue 26), and a chargeback does
 * not send a deal back to waiting for a payment that was made.
 */
export const madePaymentStatuses = ['held', 'released', 'refunded'] as const satisfies readonly PaymentStatus[];

/** A chargeback's state on a payment (issue 15, rule 7): open freezes payouts; won resumes them; lost ends them. */
export const cardDisputeStatuses = ['open', 'won', 'lost'] as const;
export type CardDisputeStatus = (typeof cardDisputeStatuses)[number];
