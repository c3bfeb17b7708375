import { eq, or } from 'drizzle-orm';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import type { CardDisputeEvent } from '#server/integrations/payments/payment-provider.js';
import { appendLedger } from '#server/domain/ledger.js';

/** The payment a dispute's charge belongs to, locked for the rest of the webhook's transaction. */
async function lockDisputedPayment(tx: Tx, dispute: CardDisputeEvent): Promise<PaymentRow | null> {
  const matches = [
    ...(dispute.chargeId ? [eq(payments.chargeId, dispute.chargeId)] : []),
    ...(dispute.paymentIntentId ? [eq(payments.paymentIntentId, dispute.paymentIntentId)] : []),
  ];
  const [payment] = await tx
    .select()
    .from(payments)
    .where(or(...matches))
    .for('update')
    .limit(1);
  return payment ?? null;
}

async function partiesOf(tx: Tx, payment: PaymentRow) {
  const [row] = await tx
    .select({ projectId: projects.id, projectName: projects.name, ownerId: projects.submitterId, finisherId: bids.finisherId })
    .from(bids)
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(eq(bids.id, payment.bidId))
    .limit(1);
  return row!;
}

/** What the payment still holds: what a chargeback freezes (what was settled already is out of reach). */
const heldOf = (payment: PaymentRow) => (payment.status === 'held' ? payment.amountCents - payment.settledCents - payment.refundedCents : 0);

/**
 * A chargeback, from the webhook's transaction (issue 15, rule 7). Opened: the payment is marked
 * so that no payout leaves (payment-settlement.ts), and the operators are told. Closed and won:
 * payouts resume once this commits (payments.service.ts). Closed and lost: the bank took back
 * what was still held, which counts as refunded, and nothing more is paid out.
 *
 * Stripe sends each event at least once and in no promised order, and the sandbox can open the
 * same dispute twice: the dispute id on the payment makes every repeat, and an opening that
 * arrives after the closing, change nothing.
 */
export async function onCardDispute(ctx: AppContext, tx: Tx, record: RecordEvent, dispute: CardDisputeEvent): Promise<void> {
  const payment = await lockDisputedPayment(tx, dispute);
  if (!payment) {
    ctx.log.warn({ disputeId: dispute.disputeId, chargeId: dispute.chargeId }, 'card dispute for a charge that is no payment of ours');
    return;
  }
  const isSameDispute = payment.cardDisputeId === dispute.disputeId;
  if (dispute.kind === 'opened') {
    // A lost dispute ended the payment; a repeat of this one (open or already decided) is old news.
    if (isSameDispute || payment.cardDisputeStatus === 'lost') return;
    await tx.update(payments).set({ cardDisputeStatus: 'open', cardDisputeId: dispute.disputeId, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    const parties = await partiesOf(tx, payment);
    await appendLedger(tx, payment.id, parties, ctx.clock.now(), [
      { kind: 'chargeback_freeze', amountCents: heldOf(payment), providerId: dispute.disputeId, key: `chargeback_freeze:${dispute.disputeId}` },
    ]);
    ctx.log.warn(
      { paymentId: payment.id, projectId: parties.projectId, disputeId: dispute.disputeId },
      'card dispute opened: payouts on this payment are frozen',
    );
    await record({ type: 'card_dispute.opened', paymentId: payment.id, disputeId: dispute.disputeId, amountCents: payment.amountCents, ...parties });
    return;
  }

  if (isSameDispute && payment.cardDisputeStatus !== 'open') return;
  // Another dispute is open on this payment: this closing is not the one that holds the payouts.
  if (!isSameDispute && payment.cardDisputeStatus === 'open') {
    ctx.log.warn({ paymentId: payment.id, open: payment.cardDisputeId, closed: dispute.disputeId }, 'a card dispute closed that is not the open one');
    return;
  }
  // Only money still held can go back to the card; what was settled already is the platform's loss.
  const refundedCents = dispute.outcome === 'lost' && payment.status === 'held' ? payment.amountCents - payment.settledCents - payment.refundedCents : 0;
  await tx
    .update(payments)
    .set({
      cardDisputeStatus: dispute.outcome,
      cardDisputeId: dispute.disputeId,
      ...(dispute.outcome === 'lost' && payment.status === 'held' ? { status: 'refunded' as const, refundedCents: payment.refundedCents + refundedCents } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  const parties = await partiesOf(tx, payment);
  const outcome = dispute.outcome === 'lost' ? ('chargeback_lost' as const) : ('chargeback_won' as const);
  await appendLedger(tx, payment.id, parties, ctx.clock.now(), [
    {
      kind: outcome,
      amountCents: dispute.outcome === 'lost' ? refundedCents : heldOf(payment),
      providerId: dispute.disputeId,
      key: `${outcome}:${dispute.disputeId}`,
    },
  ]);
  if (dispute.outcome === 'lost') ctx.log.warn({ paymentId: payment.id, refundedCents }, 'card dispute lost: the unsettled money went back to the card');
  await record({ type: 'card_dispute.closed', paymentId: payment.id, disputeId: dispute.disputeId, outcome: dispute.outcome, refundedCents, ...parties });
}
