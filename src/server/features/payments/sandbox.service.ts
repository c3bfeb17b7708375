import { eq } from 'drizzle-orm';
import type { SandboxCardDisputeBody } from '#shared/contracts/payments.js';
import { lapsedBidRefusal } from '#shared/domain/bid-lifecycle.js';
import type { CardDisputeStatus } from '#shared/domain/payment-status.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';
import { handleWebhookEventIn } from './webhooks.service.js';

/**
 * The sandbox plays the card holder's bank: it signs the chargeback event Stripe would send and
 * hands it to the webhook handler, so the freeze, the resumption and the loss run exactly as they
 * would on Stripe. The checks here only keep the simulation to what a bank could do.
 */
export async function simulateCardDispute(
  ctx: AppContext,
  sandbox: SandboxProvider,
  actor: UserRow,
  paymentId: number,
  { action }: SandboxCardDisputeBody,
): Promise<{ cardDisputeStatus: CardDisputeStatus }> {
  const [row] = await ctx.db
    .select({ submitterId: projects.submitterId })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
  requireAccess(actor, 'simulateCardDispute', { submitterId: row.submitterId });
  // The check, the event and the answer all run under the payment's row lock: two calls at once
  // (issue 26, item 13) take turns, and the second sees what the first did.
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!payment!.chargeId || payment!.status === 'pending' || payment!.status === 'failed') {
      throw new AppError('CONFLICT', 'This payment was never charged, so there is nothing to dispute');
    }
    // Stripe allows one dispute per charge; a decision needs a dispute still open.
    if (action === 'open' && payment!.cardDisputeStatus !== null) throw new AppError('CONFLICT', 'This payment has already been disputed');
    if (action !== 'open' && payment!.cardDisputeStatus !== 'open') throw new AppError('CONFLICT', 'No card dispute is open on this payment');

    const event = sandbox.disputeCharge({ chargeId: payment!.chargeId, paymentIntentId: payment!.paymentIntentId, amountCents: payment!.amountCents, action });
    await handleWebhookEventIn(ctx, tx, record, ctx.payments.verifyWebhook(event.rawBody, event.signature));
    const [after] = await tx.select({ status: payments.cardDisputeStatus }).from(payments).where(eq(payments.id, paymentId)).limit(1);
    return { cardDisputeStatus: after!.status ?? action };
  });
}

/** A checkout of a bid that lapsed unpaid (decision 037) is refused before the sandbox charges the card. */
export async function refuseLapsedCheckout(ctx: AppContext, metadata: Record<string, string> | undefined): Promise<void> {
  const bidId = Number(metadata?.bidId);
  if (!Number.isSafeInteger(bidId) || metadata?.changeOrderId !== undefined) return;
  const [bid] = await ctx.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)).limit(1);
  if (bid?.status === 'lapsed') throw new AppError('INVALID_TRANSITION', lapsedBidRefusal);
}
