import type { Tx } from '#server/db/client.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import { lockHeldPayments, lockProjectPayment } from '#server/features/payments/payments.service.js';

/** The project's payment while its money is held (locked for the transaction), or null. */
export async function lockHeldPayment(tx: Tx, projectId: number): Promise<PaymentRow | null> {
  const payment = await lockProjectPayment(tx, projectId);
  return payment?.status === 'held' ? payment : null;
}

/** What a cancellation would send back: the part of the payment settled neither to the finisher nor back already. */
export const unsettledCents = (payment: PaymentRow): number => Math.max(0, payment.amountCents - payment.settledCents - payment.refundedCents);

/**
 * What the project holds and has not settled, over every held payment (the deal's own and its
 * change orders', decision 034), all locked: what a cancellation would send back, what a dispute is about.
 */
export async function lockHeldCents(tx: Tx, projectId: number): Promise<number> {
  const held = await lockHeldPayments(tx, projectId);
  return held.reduce((sum, payment) => sum + unsettledCents(payment), 0);
}
