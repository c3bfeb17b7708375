import { eq } from 'drizzle-orm';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { type DealEndReason, dealEndReason } from '#shared/domain/deal.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { disputes } from '#server/db/schema/disputes.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { appendLedger, ledgerNote } from '#server/domain/ledger.js';
import { sourceOf } from './money-moves.js';

/**
 * Why the deal a payment belongs to has ended, from its facts read under the project's lock (the
 * caller holds it), or null while the deal is live. The rule itself is `dealEndReason` (decision 038).
 */
export async function dealEndedFor(tx: Tx, project: ProjectRow, payment: PaymentRow): Promise<DealEndReason | null> {
  const [bid] = await tx.select({ status: bids.status, finisherId: bids.finisherId }).from(bids).where(eq(bids.id, payment.bidId)).limit(1);
  const [dispute] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.projectId, project.id)).limit(1);
  return dealEndReason({
    isProjectCancelled: project.status === 'cancelled',
    hasDispute: dispute !== undefined,
    isWorkAccepted: project.acceptedAt !== null,
    isAcceptedBid: bid !== undefined && (winningBidStatuses as readonly string[]).includes(bid.status) && bid.finisherId === project.finisherId,
    isDealsOwnPayment: payment.changeOrderId === null,
  });
}

/**
 * Money that arrived (a completed checkout) for a deal that had already ended is refunded in full
 * at once, in the webhook's transaction, and the owner is told (decision 038). The payment is
 * marked `arrived_late_at` and ends refunded: it was never held, so no settlement, dispute split or
 * payout ever counts it. A replayed event finds the payment no longer pending; a retry after a
 * failed commit repeats the provider's refund under the same idempotency key, one refund either way.
 */
export async function refundIfDealEnded(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  project: ProjectRow,
  payment: PaymentRow,
  arrival: { paymentIntentId: string; chargeId: string | null; checkoutSessionId: string | null },
): Promise<boolean> {
  const reason = await dealEndedFor(tx, project, payment);
  if (reason === null) return false;
  const refund = await ctx.payments.createRefund({
    paymentIntentId: arrival.paymentIntentId,
    amountCents: payment.amountCents,
    idempotencyKey: `late_refund_payment_${payment.id}`,
  });
  const now = ctx.clock.now();
  await tx
    .update(payments)
    .set({ ...arrival, status: 'refunded', refundedCents: payment.amountCents, refundId: refund.id, arrivedLateAt: now, checkoutUrl: null, updatedAt: now })
    .where(eq(payments.id, payment.id));
  ctx.log.warn({ paymentId: payment.id, projectId: project.id, reason }, 'money arrived after its deal ended: refunded in full');
  const [bid] = await tx.select({ finisherId: bids.finisherId }).from(bids).where(eq(bids.id, payment.bidId)).limit(1);
  const note = ledgerNote(await sourceOf(tx, project.id, payment));
  const [receipt] = await appendLedger(tx, payment.id, { projectId: project.id, ownerId: project.submitterId, finisherId: bid!.finisherId }, now, [
    { kind: 'late_payment', amountCents: payment.amountCents, providerId: arrival.paymentIntentId, note, key: `paid:${payment.id}` },
    { kind: 'late_refund', amountCents: payment.amountCents, providerId: refund.id, note, key: `late_refund:${payment.id}` },
  ]);
  await record({
    type: 'payment.arrived_late',
    paymentId: payment.id,
    changeOrderId: payment.changeOrderId,
    reason,
    amountCents: payment.amountCents,
    documentId: receipt?.id,
    projectId: project.id,
    projectName: project.name,
    ownerId: project.submitterId,
    finisherId: bid!.finisherId,
  });
  return true;
}
