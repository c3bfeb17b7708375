import { eq } from 'drizzle-orm';
import { splitPayment } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
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
    if (bid!.status !== 'accepted') throw new AppError('INVALID_TRANSITION', 'This bid is not currently accepted for payment.');
    if (project.status === 'cancelled') throw new AppError('INVALID_TRANSITION', 'This project has been cancelled');

    await tx
      .insert(payments)
      .values({ bidId, ...splitPayment(bid!.amountCents), status: 'pending', transferGroup: `project_${project.id}` })
      .onConflictDoNothing({ target: payments.bidId });
    const [payment] = await tx.select().from(payments).where(eq(payments.bidId, bidId)).for('update').limit(1);
    if (payment!.status !== 'pending') throw new AppError('CONFLICT', 'This bid has already been paid');
    if (payment!.checkoutUrl && payment!.checkoutExpiresAt && payment!.checkoutExpiresAt.getTime() - REUSE_MARGIN_MS > Date.now()) {
      return { checkoutUrl: payment!.checkoutUrl };
    }

    const session = await ctx.payments.createCheckoutSession({
      amountCents: payment!.amountCents,
      currency: 'usd',
      description: `${project.name} (bid #${bidId})`,
      successUrl: `${origin}/projects/${project.id}?payment=success`,
      cancelUrl: `${origin}/payment/bid/${bidId}?canceled=true`,
      customerEmail: actor.email,
      transferGroup: payment!.transferGroup ?? `project_${project.id}`,
      metadata: { paymentId: String(payment!.id), bidId: String(bidId), projectId: String(project.id) },
      // One key per session generation: a retry of this request reuses it, an expired session gets a new one.
      idempotencyKey: `checkout_payment_${payment!.id}_after_${payment!.checkoutSessionId ?? 'none'}`,
    });
    await tx
      .update(payments)
      .set({ checkoutSessionId: session.id, checkoutUrl: session.url, checkoutExpiresAt: session.expiresAt, updatedAt: new Date() })
      .where(eq(payments.id, payment!.id));
    return { checkoutUrl: session.url };
  });
}
