import { and, eq, isNull } from 'drizzle-orm';
import { lapsedBidRefusal } from '#shared/domain/bid-lifecycle.js';
import { formatMoney, splitPayment } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import { requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import type { Tx } from '#server/db/client.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { lockProject } from '#server/db/project-locks.js';

// A session this close to expiring is not handed out again.
const REUSE_MARGIN_MS = 5 * 60_000;

/**
 * Opens hosted checkout for an accepted bid, or hands back the one already open: the project row
 * lock makes a double click, a second tab or twenty concurrent requests share one session. The
 * amount always comes from the bid, never from the request.
 */
export async function startCheckout(ctx: AppContext, actor: UserRow, bidId: number, origin: string): Promise<{ checkoutUrl: string }> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ projectId: bids.projectId }).from(bids).where(eq(bids.id, bidId)).limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Bid not found');
    const project = await lockProject(tx, found.projectId);
    requireAccess(actor, 'payForBid', project);
    const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId)).limit(1);
    if (bid!.status === 'paid' || bid!.status === 'completed') throw new AppError('CONFLICT', 'This bid has already been paid');
    if (bid!.status === 'lapsed') throw new AppError('INVALID_TRANSITION', lapsedBidRefusal);
    if (bid!.status !== 'accepted') throw new AppError('INVALID_TRANSITION', 'This bid is not currently accepted for payment.');
    await requireDealStep(ctx, tx, project, actor, 'pay');

    await tx
      .insert(payments)
      .values({ bidId, ...splitPayment(bid!.amountCents), status: 'pending', transferGroup: `project_${project.id}` })
      // The deal's own payment: the partial payments_bid_key (change orders' payments share the bid).
      .onConflictDoNothing({ target: payments.bidId, where: isNull(payments.changeOrderId) });
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bidId, bidId), isNull(payments.changeOrderId)))
      .for('update')
      .limit(1);
    if (payment!.status !== 'pending') throw new AppError('CONFLICT', 'This bid has already been paid');
    return openSession(ctx, tx, payment!, {
      actor,
      project,
      description: `${project.name} (bid #${bidId})`,
      successUrl: `${origin}/projects/${project.id}?payment=success`,
      cancelUrl: `${origin}/payment/bid/${bidId}?canceled=true`,
      metadata: { bidId: String(bidId) },
    });
  });
}

/**
 * Hands back the payment's checkout while it is open, or opens a new hosted session for its amount
 * (the bid's or the change order's), in the caller's transaction and under its locks.
 */
export async function openSession(
  ctx: AppContext,
  tx: Tx,
  payment: PaymentRow,
  session: { actor: UserRow; project: ProjectRow; description: string; successUrl: string; cancelUrl: string; metadata: Record<string, string> },
): Promise<{ checkoutUrl: string }> {
  const { project } = session;
  const { maxChargeCents } = ctx.payments;
  if (maxChargeCents !== null && payment.amountCents > maxChargeCents) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A card payment can be at most ${formatMoney(maxChargeCents, { showCents: true })}, so ${formatMoney(payment.amountCents)} cannot be paid by card`,
    );
  }
  if (payment.checkoutUrl && payment.checkoutExpiresAt && payment.checkoutExpiresAt.getTime() - REUSE_MARGIN_MS > Date.now()) {
    return { checkoutUrl: payment.checkoutUrl };
  }
  const opened = await ctx.payments.createCheckoutSession({
    amountCents: payment.amountCents,
    currency: 'usd',
    description: session.description,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    customerEmail: session.actor.email,
    transferGroup: payment.transferGroup ?? `project_${project.id}`,
    metadata: { paymentId: String(payment.id), ...session.metadata, projectId: String(project.id) },
    // One key per session generation: a retry of this request reuses it, an expired session gets a new one.
    idempotencyKey: `checkout_payment_${payment.id}_after_${payment.checkoutSessionId ?? 'none'}`,
  });
  await tx
    .update(payments)
    .set({ checkoutSessionId: opened.id, checkoutUrl: opened.url, checkoutExpiresAt: opened.expiresAt, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  return { checkoutUrl: opened.url };
}
