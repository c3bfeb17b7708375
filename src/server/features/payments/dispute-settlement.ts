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

interface Settling {
  payment: PaymentRow;
  dispute: DisputeRow;
  bid: BidRow;
  base: { projectId: number; projectName: string; ownerId: number; finisherId: number };
}

/**
 * Moves the money of a settled dispute (issue 15, rule 6), under the payment's row lock: the
 * finisher's amount is paid out less the platform's 10% on it, the rest of the disputed remainder
 * is refunded. Each movement happens once: its provider call carries an idempotency key and its id
 * is stored on the dispute in the same transaction, so a retry (a second instance, a restart, the
 * finisher's onboarding finishing later) does only what is still missing. The refund never waits
 * for the finisher's payout account.
 */
export async function settleDisputedPayment(ctx: AppContext, tx: Tx, record: RecordEvent, { payment, dispute, bid, base }: Settling): Promise<void> {
  const remainderCents = Math.max(0, payment.amountCents - payment.settledCents - payment.refundedCents);
  // Nothing else moves money while a dispute is active, so the remainder is what was disputed.
  const split = splitDispute(Math.min(remainderCents, dispute.disputedCents), Math.min(dispute.finisherAmountCents!, remainderCents));
  let { releasedCents, settledCents, refundedCents } = payment;
  let refundId = dispute.refundId;
  let transferId = dispute.transferId;

  if (split.refundCents > 0 && refundId === null && payment.paymentIntentId) {
    const refund = await ctx.payments.createRefund({
      paymentIntentId: payment.paymentIntentId,
      amountCents: split.refundCents,
      idempotencyKey: `dispute_refund_${dispute.id}`,
    });
    refundId = refund.id;
    refundedCents += split.refundCents;
    await record({ type: 'payment.refunded', ...base, amountCents: split.refundCents });
  }

  if (split.finisherAmountCents > 0 && transferId === null) {
    const [finisher] = await tx.select().from(users).where(eq(users.id, bid.finisherId)).limit(1);
    // Without a finished onboarding the payout waits; onboarding completion settles it.
    if (finisher?.onboardingComplete && finisher.stripeConnectAccountId) {
      const payoutCents = Math.min(split.payoutCents, payment.developerAmountCents - releasedCents);
      const transfer = await ctx.payments.createTransfer({
        amountCents: payoutCents,
        destinationAccountId: finisher.stripeConnectAccountId,
        transferGroup: payment.transferGroup ?? `project_${base.projectId}`,
        sourceChargeId: payment.chargeId,
        idempotencyKey: `dispute_payout_${dispute.id}`,
      });
      transferId = transfer.id;
      releasedCents += payoutCents;
      settledCents += split.finisherAmountCents;
      await record({ type: 'payout.released', ...base, amountCents: payoutCents });
    }
  }

  const refundDone = split.refundCents === 0 || refundId !== null;
  const payoutDone = split.finisherAmountCents === 0 || transferId !== null;
  const status = !refundDone || !payoutDone ? 'held' : split.finisherAmountCents > 0 ? 'released' : 'refunded';
  const now = ctx.clock.now();
  await tx
    .update(payments)
    .set({
      status,
      releasedCents,
      settledCents,
      refundedCents,
      ...(refundId !== dispute.refundId ? { refundId } : {}),
      ...(transferId !== dispute.transferId ? { transferId } : {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  if (refundId !== dispute.refundId || transferId !== dispute.transferId) {
    await tx.update(disputes).set({ refundId, transferId }).where(eq(disputes.id, dispute.id));
  }
  if (status === 'released') {
    const bidTo = applyTransitionIfAllowed(bidLifecycle, 'complete', { from: bid.status, actor: 'system' });
    if (bidTo) await tx.update(bids).set({ status: bidTo, updatedAt: now }).where(eq(bids.id, bid.id));
  }
}
