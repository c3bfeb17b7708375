import { eq } from 'drizzle-orm';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';
import { splitDispute } from '#shared/domain/dispute.js';
import { applyTransitionIfAllowed } from '#server/domain/apply-transition.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { type BidRow, bids } from '#server/db/schema/bids.js';
import { type DisputeRow, disputes } from '#server/db/schema/disputes.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { users } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { sourceOf } from './money-moves.js';
import { appendLedger, ledgerNote } from '#server/domain/ledger.js';

interface Settling {
  /** The project's held payments, the deal's own first, then its change orders' by id (lockHeldPayments). */
  held: PaymentRow[];
  dispute: DisputeRow;
  bid: BidRow;
  base: { projectId: number; projectName: string; ownerId: number; finisherId: number };
}

const remainderOf = (payment: PaymentRow) => Math.max(0, payment.amountCents - payment.settledCents - payment.refundedCents);

/**
 * Moves the money of a settled dispute (issue 15, rule 6), under the payments' row locks: the
 * money in dispute is the unsettled remainder of every held payment of the project (its own and its
 * change orders', decision 034); the finisher's amount is allocated across them, the deal's own
 * payment first, then the change orders' by id. Of each payment, the finisher's part is paid out
 * less the platform's 10% on it and the rest refunded. Each movement happens once: its provider call
 * carries an idempotency key naming the dispute and the payment, and the payment row records it in
 * the same transaction, so a retry (a second instance, a restart, the finisher's onboarding
 * finishing later) finds a smaller remainder and does only what is still missing. The refunds never
 * wait for the finisher's payout account.
 */
export async function settleDisputedPayments(ctx: AppContext, tx: Tx, record: RecordEvent, { held, dispute, bid, base }: Settling): Promise<void> {
  const remainders = held.map(remainderOf);
  // Nothing else moves money while a dispute is active, so the remainders are what was disputed;
  // after a partial settlement (payouts waiting) they are exactly what is left to pay out.
  let finisherLeftCents = Math.min(
    dispute.finisherAmountCents!,
    remainders.reduce((sum, cents) => sum + cents, 0),
  );
  let disputeRefundId = dispute.refundId;
  let disputeTransferId = dispute.transferId;
  const [finisher] = await tx.select().from(users).where(eq(users.id, bid.finisherId)).limit(1);
  const canPay = Boolean(finisher?.onboardingComplete && finisher.stripeConnectAccountId);
  const now = ctx.clock.now();

  for (const [i, payment] of held.entries()) {
    const remainderCents = remainders[i]!;
    const finisherCents = Math.min(finisherLeftCents, remainderCents);
    finisherLeftCents -= finisherCents;
    const split = splitDispute(remainderCents, finisherCents);
    // The deal's own payment keeps the keys it had before change orders (one dispute, one such payment).
    const key = payment.changeOrderId === null ? String(dispute.id) : `${dispute.id}_payment_${payment.id}`;
    let { releasedCents, settledCents, refundedCents, refundId, transferId } = payment;

    if (split.refundCents > 0 && payment.paymentIntentId) {
      const refund = await ctx.payments.createRefund({
        paymentIntentId: payment.paymentIntentId,
        amountCents: split.refundCents,
        idempotencyKey: `dispute_refund_${key}`,
      });
      refundId = refund.id;
      disputeRefundId ??= refund.id;
      refundedCents += split.refundCents;
      const source = await sourceOf(tx, base.projectId, payment);
      await appendLedger(tx, payment.id, base, now, [
        { kind: 'dispute_refund', amountCents: split.refundCents, providerId: refund.id, note: ledgerNote(source), key: `dispute_refund:${key}` },
      ]);
      await record({ type: 'payment.refunded', ...base, amountCents: split.refundCents, source, paidCents: payment.amountCents });
    }

    let isPaidOut = split.finisherAmountCents === 0;
    // Without a finished onboarding the payout waits; onboarding completion settles it.
    if (split.finisherAmountCents > 0 && canPay) {
      const payoutCents = Math.min(split.payoutCents, payment.developerAmountCents - releasedCents);
      const transfer = await ctx.payments.createTransfer({
        amountCents: payoutCents,
        destinationAccountId: finisher!.stripeConnectAccountId!,
        transferGroup: payment.transferGroup ?? `project_${base.projectId}`,
        sourceChargeId: payment.chargeId,
        idempotencyKey: `dispute_payout_${key}`,
      });
      transferId = transfer.id;
      disputeTransferId ??= transfer.id;
      releasedCents += payoutCents;
      settledCents += split.finisherAmountCents;
      isPaidOut = true;
      const source = await sourceOf(tx, base.projectId, payment);
      const [statement] = await appendLedger(tx, payment.id, base, now, [
        { kind: 'dispute_release', amountCents: payoutCents, providerId: transfer.id, note: ledgerNote(source), key: `dispute_release:${key}` },
        { kind: 'platform_fee', amountCents: split.finisherAmountCents - payoutCents, note: ledgerNote(source), key: `dispute_fee:${key}` },
      ]);
      await record({ type: 'payout.released', ...base, amountCents: payoutCents, source, documentId: statement?.id });
    }

    const isRefundDone = split.refundCents === 0 || refundedCents > payment.refundedCents;
    const status = !isRefundDone || !isPaidOut ? 'held' : split.finisherAmountCents > 0 ? 'released' : 'refunded';
    await tx
      .update(payments)
      .set({ status, releasedCents, settledCents, refundedCents, refundId, transferId, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (status === 'released' && payment.changeOrderId === null) {
      const bidTo = applyTransitionIfAllowed(bidLifecycle, 'complete', { from: bid.status, actor: 'system' });
      if (bidTo) await tx.update(bids).set({ status: bidTo, updatedAt: now }).where(eq(bids.id, bid.id));
    }
  }
  if (disputeRefundId !== dispute.refundId || disputeTransferId !== dispute.transferId) {
    await tx.update(disputes).set({ refundId: disputeRefundId, transferId: disputeTransferId }).where(eq(disputes.id, dispute.id));
  }
}
