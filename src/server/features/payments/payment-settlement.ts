import { and, eq, inArray } from 'drizzle-orm';
import { transitionBid } from '../../../shared/domain/bid-lifecycle.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { bids } from '../../db/schema/bids.js';
import { type PaymentRow, payments } from '../../db/schema/payments.js';
import { projects } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';

/** The payment of a project's winning bid, locked for the rest of the transaction. */
export async function lockProjectPayment(tx: Tx, projectId: number): Promise<PaymentRow | null> {
  const [row] = await tx
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.projectId, projectId), inArray(bids.status, ['accepted', 'paid', 'completed'])))
    .for('update', { of: payments })
    .limit(1);
  return row?.payment ?? null;
}

/**
 * Moves held money where the project's state says it belongs: to the finisher once the work is
 * accepted and they can be paid, back to the payer once the project is cancelled. Safe to call
 * any number of times from any trigger (work accepted, payment arrived late, onboarding
 * finished, project cancelled): the payment row lock and the idempotency keys make one effect.
 */
export async function settleProjectPayment(ctx: AppContext, projectId: number): Promise<void> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const payment = await lockProjectPayment(tx, projectId);
    if (!payment || payment.status !== 'held') return;
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) return;
    const [bid] = await tx.select().from(bids).where(eq(bids.id, payment.bidId)).limit(1);
    const base = { projectId, projectName: project.name, ownerId: project.submitterId, finisherId: bid!.finisherId };

    if (project.status === 'cancelled') {
      // Only what has not gone to the finisher goes back.
      const amountCents = payment.amountCents - payment.releasedCents - payment.refundedCents;
      if (amountCents <= 0 || !payment.paymentIntentId) return;
      const refund = await ctx.payments.createRefund({ paymentIntentId: payment.paymentIntentId, amountCents, idempotencyKey: `refund_payment_${payment.id}` });
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedCents: payment.refundedCents + amountCents, refundId: refund.id, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await record({ type: 'payment.refunded', ...base, amountCents });
      return;
    }

    if (project.status !== 'accepted') return;
    const [finisher] = await tx.select().from(users).where(eq(users.id, bid!.finisherId)).limit(1);
    // Without a finished onboarding the payout waits; onboarding completion settles it.
    if (!finisher?.onboardingComplete || !finisher.stripeConnectAccountId) return;
    const amountCents = payment.developerAmountCents - payment.releasedCents;
    if (amountCents > 0) {
      const transfer = await ctx.payments.createTransfer({
        amountCents,
        destinationAccountId: finisher.stripeConnectAccountId,
        transferGroup: payment.transferGroup ?? `project_${projectId}`,
        sourceChargeId: payment.chargeId,
        idempotencyKey: `payout_payment_${payment.id}`,
      });
      await tx
        .update(payments)
        .set({ status: 'released', releasedCents: payment.releasedCents + amountCents, transferId: transfer.id, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    } else {
      await tx.update(payments).set({ status: 'released', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    }
    const bidMove = transitionBid('complete', bid!.status);
    if (bidMove.ok) await tx.update(bids).set({ status: bidMove.to, updatedAt: new Date() }).where(eq(bids.id, bid!.id));
    await record({ type: 'payout.released', ...base, amountCents });
  });
}

/** Settles every accepted project of a finisher whose money was waiting for their onboarding. */
export async function settleWaitingPayouts(ctx: AppContext, finisherId: number): Promise<void> {
  const waiting = await ctx.db
    .select({ projectId: bids.projectId })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(bids.finisherId, finisherId), eq(payments.status, 'held'), eq(projects.status, 'accepted')));
  for (const { projectId } of waiting) await settleProjectPayment(ctx, projectId);
}
