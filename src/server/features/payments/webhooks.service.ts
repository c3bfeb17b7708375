import { eq } from 'drizzle-orm';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';
import { projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { type PaymentRow, payments, processedWebhookEvents } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { lockProject } from '#server/db/project-locks.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { type ProviderEvent, WebhookSignatureError } from '#server/integrations/payments/payment-provider.js';
import { applyTransitionIfAllowed } from '#server/domain/apply-transition.js';
import { changeOrderNumberOf } from '#server/domain/money-sources.js';
import { onCardDispute } from './card-disputes.js';
import { refundIfDealEnded } from './late-arrival.js';
import { sourceOf } from './money-moves.js';
import { appendLedger, ledgerNote } from '#server/domain/ledger.js';

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The one webhook path, for Stripe's events and the sandbox's alike: verify the signature on the
 * raw body, record the event id (a repeat is acknowledged and ignored), then act, all in one
 * transaction. Amounts and states are read from the provider's objects.
 */
export async function handleWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  let event;
  try {
    event = ctx.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION_FAILED', `Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  return ctx.events.transaction(ctx.db, (tx, record) => handleWebhookEventIn(ctx, tx, record, event));
}

/**
 * Acts on a verified provider event in the caller's transaction, once: the event id is recorded
 * with its effect, so a repeat is acknowledged and ignored. The sandbox's card-dispute simulation
 * calls it inside its own transaction, with the payment already locked (issue 26, item 13).
 */
export async function handleWebhookEventIn(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  event: ProviderEvent,
): Promise<{ received: true; duplicate: boolean }> {
  const fresh = await tx
    .insert(processedWebhookEvents)
    .values({ provider: ctx.payments.name, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  if (fresh.length === 0) return { received: true as const, duplicate: true };
  const object = event.data.object;
  if (event.type === 'checkout.session.completed') await onCheckoutCompleted(ctx, tx, record, object);
  else if (event.type === 'checkout.session.expired') await onCheckoutExpired(tx, object);
  else if (event.type === 'account.updated') await onAccountUpdated(tx, record, object);
  else if (event.cardDispute) await onCardDispute(ctx, tx, record, event.cardDispute);
  return { received: true as const, duplicate: false };
}

async function onCheckoutCompleted(ctx: AppContext, tx: Tx, record: RecordEvent, session: StripeObject) {
  if (session.payment_status !== 'paid') return;
  const metadata = (session.metadata ?? {}) as Record<string, unknown>;
  const paymentId = Number(text(metadata.paymentId));
  if (!Number.isSafeInteger(paymentId)) {
    ctx.log.warn({ session: session.id }, 'checkout completed without a payment id');
    return;
  }
  // The project's lock first, as every deal step takes it (decision 023): the payment window's lapse
  // holds it too, so a payment and a lapse apply one after the other, never both (decision 037).
  const [owner] = await tx
    .select({ projectId: bids.projectId })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!owner) return;
  const project = await lockProject(tx, owner.projectId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  // Already held (an earlier event for another tab's session), or unknown: nothing more to do.
  if (!payment || payment.status !== 'pending') return;
  const paymentIntentId = text(session.payment_intent);
  if (!paymentIntentId) return;
  const intent = await ctx.payments.retrievePaymentIntent(paymentIntentId);
  if (intent.amountReceivedCents !== payment.amountCents || session.currency !== 'usd') {
    ctx.log.error({ paymentId, received: intent.amountReceivedCents, expected: payment.amountCents }, 'paid amount does not match the bid');
    await tx.update(payments).set({ status: 'failed', paymentIntentId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
    return;
  }
  const arrival = { paymentIntentId, chargeId: intent.chargeId, checkoutSessionId: text(session.id) };
  // Money for a deal that has ended goes back in full, never split or released (decision 038).
  if (await refundIfDealEnded(ctx, tx, record, project, payment, arrival)) return;
  const heldAt = ctx.clock.now();
  await tx
    .update(payments)
    .set({ status: 'held', heldAt, ...arrival, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  const [payer] = await tx.select({ finisherId: bids.finisherId }).from(bids).where(eq(bids.id, payment.bidId)).limit(1);
  const source = await sourceOf(tx, project.id, payment);
  const [receipt] = await appendLedger(tx, payment.id, { projectId: project.id, ownerId: project.submitterId, finisherId: payer!.finisherId }, heldAt, [
    {
      kind: payment.changeOrderId === null ? 'payment_held' : 'change_order_payment',
      amountCents: payment.amountCents,
      providerId: paymentIntentId,
      note: ledgerNote(source),
      key: `paid:${payment.id}`,
    },
  ]);
  if (payment.changeOrderId !== null) {
    await onChangeOrderPaid(tx, record, payment, receipt?.id);
    return;
  }

  const [bid] = await tx.select().from(bids).where(eq(bids.id, payment.bidId)).limit(1);
  const bidTo = applyTransitionIfAllowed(bidLifecycle, 'markPaid', { from: bid!.status, actor: 'system' });
  await tx
    .update(bids)
    .set({ ...(bidTo ? { status: bidTo } : {}), paymentIntentId, updatedAt: new Date() })
    .where(eq(bids.id, bid!.id));
  // Payment before delivery starts the work; a late payment leaves a delivered or accepted project as it is.
  const projectTo = applyTransitionIfAllowed(projectLifecycle, 'startWork', { from: project.status, actor: 'system' });
  if (projectTo) await tx.update(projects).set({ status: projectTo, updatedAt: new Date() }).where(eq(projects.id, project.id));
  await record({
    type: 'payment.received',
    projectId: project.id,
    projectName: project.name,
    ownerId: project.submitterId,
    finisherId: bid!.finisherId,
    amountCents: payment.amountCents,
    documentId: receipt?.id,
  });
}

/**
 * A change order's money arrived while its deal is live (decision 034): held beside the deal's, it
 * moves nothing else (the bid and the project are already paid and under way). Money arriving after
 * the deal ended never gets here: it is refunded in full (decision 038).
 */
async function onChangeOrderPaid(tx: Tx, record: RecordEvent, payment: PaymentRow, receiptId: number | undefined) {
  const [row] = await tx
    .select({ changeOrder: changeOrders, project: projects })
    .from(changeOrders)
    .innerJoin(projects, eq(projects.id, changeOrders.projectId))
    .where(eq(changeOrders.id, payment.changeOrderId!))
    .limit(1);
  const finisherId = row?.project.finisherId ?? null;
  if (!row || finisherId === null) return;
  const { project } = row;
  await record({
    type: 'change_order.paid',
    changeOrderId: row.changeOrder.id,
    side: 'owner',
    amountCents: payment.amountCents,
    number: await changeOrderNumberOf(tx, project.id, row.changeOrder.id),
    documentId: receiptId,
    projectId: project.id,
    projectName: project.name,
    ownerId: project.submitterId,
    finisherId,
  });
}

async function onCheckoutExpired(tx: Tx, session: StripeObject) {
  const id = text(session.id);
  if (!id) return;
  await tx.update(payments).set({ checkoutUrl: null, checkoutExpiresAt: null, updatedAt: new Date() }).where(eq(payments.checkoutSessionId, id));
}

async function onAccountUpdated(tx: Tx, record: RecordEvent, account: StripeObject) {
  const id = text(account.id);
  if (!id) return;
  const isOnboarded = account.details_submitted === true && account.payouts_enabled === true;
  const [user] = await tx.select().from(users).where(eq(users.stripeConnectAccountId, id)).for('update').limit(1);
  if (!user) return;
  if (user.onboardingComplete !== isOnboarded) await tx.update(users).set({ onboardingComplete: isOnboarded }).where(eq(users.id, user.id));
  // Settling is idempotent, so every report of a payable account releases whatever waits for it.
  if (isOnboarded) await record({ type: 'onboarding.completed', userId: user.id });
}
