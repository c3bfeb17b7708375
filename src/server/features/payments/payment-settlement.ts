import { and, asc, desc, eq, exists, inArray, isNull, or } from 'drizzle-orm';
import { bidLifecycle, winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { applyTransitionIfAllowed } from '#server/domain/apply-transition.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { splitPayment } from '#shared/domain/money.js';
import { isRefundingCancellation } from '#shared/domain/deal.js';
import { bids } from '#server/db/schema/bids.js';
import { dealCancellations } from '#server/db/schema/deal.js';
import { disputes } from '#server/db/schema/disputes.js';
import { isActiveDispute } from '#shared/domain/dispute.js';
import { settleDisputedPayments } from './dispute-settlement.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import type { MoneyMoveCause } from '#shared/domain/money-moves.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { collectMoneyMoves, sourceOf } from './money-moves.js';
import { appendLedger, ledgerNote } from '#server/domain/ledger.js';
import { milestones } from '#server/db/schema/milestones.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

/** The deal's own payment (its winning bid's, not a change order's), locked for the rest of the transaction. */
export async function lockProjectPayment(tx: Tx, projectId: number): Promise<PaymentRow | null> {
  const [row] = await tx
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.projectId, projectId), inArray(bids.status, [...winningBidStatuses]), isNull(payments.changeOrderId)))
    .for('update', { of: payments })
    .limit(1);
  return row?.payment ?? null;
}

/** The held payments of the project's change orders, by id, locked for the rest of the transaction. */
export async function lockChangeOrderPayments(tx: Tx, projectId: number): Promise<PaymentRow[]> {
  const rows = await tx
    .select({ payment: payments })
    .from(payments)
    .innerJoin(changeOrders, eq(changeOrders.id, payments.changeOrderId))
    .where(and(eq(changeOrders.projectId, projectId), eq(payments.status, 'held')))
    .orderBy(asc(payments.id))
    .for('update', { of: payments });
  return rows.map((row) => row.payment);
}

/**
 * Every payment of the project whose money is held, the deal's own first, then its change orders' by
 * id (the order a dispute's amount is allocated in), all locked.
 */
export async function lockHeldPayments(tx: Tx, projectId: number): Promise<PaymentRow[]> {
  const own = await lockProjectPayment(tx, projectId);
  const extras = await lockChangeOrderPayments(tx, projectId);
  return [...(own?.status === 'held' ? [own] : []), ...extras];
}

/**
 * Moves held money where the project's state says it belongs: each approved milestone's share to
 * the finisher while the work goes on, the rest once the work is accepted (both only once they can
 * be paid), and whatever is unsettled back to the payer once the project is cancelled. A project
 * may hold several payments (its own and its change orders', decision 034): each is settled on its
 * own row, under its lock, with keys naming it. Safe to call any number of times from any trigger
 * (milestone approved, work accepted, payment arrived late, onboarding finished, project
 * cancelled): the row locks and idempotency keys make one effect.
 */
export async function settleProjectPayment(ctx: AppContext, projectId: number, options: { isAccountJustReady?: boolean } = {}): Promise<void> {
  await ctx.events.transaction(ctx.db, async (tx, recordEvent) => {
    // Each party hears of everything this settlement moved once (issue 28, item 11).
    const moves = collectMoneyMoves(recordEvent);
    const cause = await settleHeldMoney(ctx, tx, moves.record, projectId);
    if (cause) await moves.summarize(options.isAccountJustReady && cause !== 'cancellation' ? 'account_ready' : cause);
  });
}

/** The moves of settleProjectPayment, in its transaction; answers why money may have moved, or null when none could. */
async function settleHeldMoney(ctx: AppContext, tx: Tx, record: RecordEvent, projectId: number): Promise<MoneyMoveCause | null> {
  const own = await lockProjectPayment(tx, projectId);
  if (!own) return null;
  const held = await lockHeldPayments(tx, projectId);
  if (held.length === 0) return null;
  const [project] = await tx.select(projectColumns).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return null;
  const [bid] = await tx.select().from(bids).where(eq(bids.id, own.bidId)).limit(1);
  const base = { projectId, projectName: project.name, ownerId: project.submitterId, finisherId: bid!.finisherId };
  // A chargeback on a card freezes that payment's payouts until the bank decides (issue 15, rule 7).
  const movable = held.filter((payment) => payment.cardDisputeStatus !== 'open');

  // A dispute decides the money instead of the project's status: none moves while it is active,
  // and a settled one splits the remainder of every held payment once (decisions 029, 034).
  const [dispute] = await tx.select().from(disputes).where(eq(disputes.paymentId, own.id)).orderBy(desc(disputes.id)).limit(1);
  if (dispute && isActiveDispute(dispute.status)) return null;
  if (dispute?.status === 'settled') {
    // The split spans every payment, so it waits until none is frozen.
    if (movable.length !== held.length) return null;
    await settleDisputedPayments(ctx, tx, record, { held, dispute, bid: bid!, base });
    return 'dispute';
  }

  // Work once accepted stays accepted: a later cancellation moves no money back (decision 027).
  const isAccepted = project.acceptedAt !== null;
  if (project.status === 'cancelled' && !isAccepted) {
    // Only a cancellation that refunds sends money back; an open or objected one keeps it held.
    if (!(await cancellationRefunds(tx, projectId))) return null;
    for (const payment of movable) {
      // Only what has not been settled in the finisher's favour goes back.
      const amountCents = payment.amountCents - payment.settledCents - payment.refundedCents;
      if (amountCents <= 0 || !payment.paymentIntentId) continue;
      const refund = await ctx.payments.createRefund({
        paymentIntentId: payment.paymentIntentId,
        amountCents,
        idempotencyKey: `refund_payment_${payment.id}`,
      });
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedCents: payment.refundedCents + amountCents, refundId: refund.id, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      const source = await sourceOf(tx, projectId, payment);
      await appendLedger(tx, payment.id, base, ctx.clock.now(), [
        { kind: 'refund', amountCents, providerId: refund.id, note: ledgerNote(source), key: `refund:${payment.id}` },
      ]);
      await record({ type: 'payment.refunded', ...base, amountCents, source, paidCents: payment.amountCents });
    }
    return 'cancellation';
  }

  const [finisher] = await tx.select().from(users).where(eq(users.id, bid!.finisherId)).limit(1);
  // Without a finished onboarding payouts wait; onboarding completion settles them.
  if (!finisher?.onboardingComplete || !finisher.stripeConnectAccountId) return null;
  const pay = (payment: PaymentRow, amountCents: number, idempotencyKey: string) =>
    ctx.payments.createTransfer({
      amountCents,
      destinationAccountId: finisher.stripeConnectAccountId!,
      transferGroup: payment.transferGroup ?? `project_${projectId}`,
      sourceChargeId: payment.chargeId,
      idempotencyKey,
    });

  if (!isAccepted) {
    // Milestones stage the deal's own payment only; change orders' money waits for the acceptance.
    if (movable[0]?.id === own.id) await releaseApprovedMilestones(tx, record, own, { ...base, at: ctx.clock.now() }, pay);
    return 'release';
  }

  // The work is accepted: whatever the milestones have not paid out goes now, and each change order's money in full.
  for (const payment of movable) {
    const amountCents = payment.developerAmountCents - payment.releasedCents;
    const transfer = amountCents > 0 ? await pay(payment, amountCents, `payout_payment_${payment.id}`) : null;
    const settledCents = payment.amountCents - payment.refundedCents;
    await tx
      .update(payments)
      .set({
        status: 'released',
        releasedCents: payment.developerAmountCents,
        settledCents,
        ...(transfer ? { transferId: transfer.id } : {}),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    const note = ledgerNote(await sourceOf(tx, projectId, payment));
    const [statement] = await appendLedger(tx, payment.id, base, ctx.clock.now(), [
      { kind: 'final_release', amountCents, providerId: transfer?.id, note, key: `final_release:${payment.id}` },
      // The fee is what settled now beyond what the finisher received.
      { kind: 'platform_fee', amountCents: settledCents - payment.settledCents - amountCents, note, key: `final_fee:${payment.id}` },
    ]);
    if (payment.id === own.id) {
      const bidTo = applyTransitionIfAllowed(bidLifecycle, 'complete', { from: bid!.status, actor: 'system' });
      if (bidTo) await tx.update(bids).set({ status: bidTo, updatedAt: new Date() }).where(eq(bids.id, bid!.id));
    }
    if (amountCents > 0)
      await record({ type: 'payout.released', ...base, amountCents, source: await sourceOf(tx, projectId, payment), documentId: statement?.id });
  }
  return 'release';
}

type Parties = { projectId: number; projectName: string; ownerId: number; finisherId: number; at: Date };
type Pay = (payment: PaymentRow, amountCents: number, idempotencyKey: string) => Promise<{ id: string }>;

/** Staged delivery: each approved milestone releases its share (amount less the fee) of the deal's own payment at once. */
async function releaseApprovedMilestones(tx: Tx, record: RecordEvent, payment: PaymentRow, { at, ...parties }: Parties, pay: Pay): Promise<void> {
  const due = await tx
    .select()
    .from(milestones)
    .where(and(eq(milestones.projectId, parties.projectId), eq(milestones.status, 'approved'), isNull(milestones.releasedAt)))
    .orderBy(milestones.id)
    .for('update');
  let { releasedCents, settledCents } = payment;
  for (const milestone of due) {
    const share = splitPayment(milestone.amountCents);
    // Never more than the payment still holds; per-milestone fee rounding never lifts the
    // finisher's total above their 90% of the whole.
    if (settledCents + share.amountCents + payment.refundedCents > payment.amountCents) break;
    const netCents = Math.min(share.developerAmountCents, payment.developerAmountCents - releasedCents);
    const transfer = await pay(payment, netCents, `payout_milestone_${milestone.id}`);
    releasedCents += netCents;
    settledCents += share.amountCents;
    await tx.update(milestones).set({ releasedAt: new Date(), transferId: transfer.id }).where(eq(milestones.id, milestone.id));
    const source = { kind: 'milestone', id: milestone.id, title: milestone.title } as const;
    const [statement] = await appendLedger(tx, payment.id, parties, at, [
      { kind: 'milestone_release', amountCents: netCents, providerId: transfer.id, note: ledgerNote(source), key: `milestone_release:${milestone.id}` },
      { kind: 'platform_fee', amountCents: share.amountCents - netCents, note: ledgerNote(source), key: `milestone_fee:${milestone.id}` },
    ]);
    await record({ type: 'payout.released', ...parties, amountCents: netCents, source, documentId: statement?.id });
  }
  if (due.length > 0) await tx.update(payments).set({ releasedCents, settledCents, updatedAt: new Date() }).where(eq(payments.id, payment.id));
}

/** Whether the project's cancellation sends the unsettled money back (one cancelled before the deal clock existed does). */
async function cancellationRefunds(tx: Tx, projectId: number): Promise<boolean> {
  const [row] = await tx.select({ outcome: dealCancellations.outcome }).from(dealCancellations).where(eq(dealCancellations.projectId, projectId)).limit(1);
  return !row || isRefundingCancellation(row.outcome);
}

/** Settles every project of a finisher whose held money was waiting for their onboarding. */
export async function settleWaitingPayouts(ctx: AppContext, finisherId: number): Promise<void> {
  const waiting = await ctx.db
    .select({ projectId: bids.projectId })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.finisherId, finisherId), eq(payments.status, 'held')));
  // A project may hold several payments (its change orders'): each project is settled once.
  // What moves now waited for the account: the finisher is told so (issue 28, item 2).
  for (const projectId of new Set(waiting.map((row) => row.projectId))) await settleProjectPayment(ctx, projectId, { isAccountJustReady: true });
}

/**
 * Held money whose move is already due: the project was accepted or cancelled, or a milestone was
 * approved and not yet paid out. The change that makes a move due settles it right after its
 * commit; an instance killed in between (or a provider that failed then) leaves the money held, and
 * nothing would trigger it again. Each instance runs this once it listens (decision record 017).
 */
export async function settleOverduePayments(ctx: AppContext): Promise<void> {
  const approvedUnreleased = ctx.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.projectId, projects.id), eq(milestones.status, 'approved'), isNull(milestones.releasedAt)));
  const settledDispute = ctx.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.projectId, projects.id), eq(disputes.status, 'settled')));
  const overdue = await ctx.db
    .select({ projectId: projects.id })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(payments.status, 'held'), or(inArray(projects.status, ['accepted', 'cancelled']), exists(approvedUnreleased), exists(settledDispute))));
  // One at a time: a restart after a long outage should not fire a burst of transfers at the provider.
  for (const projectId of new Set(overdue.map((row) => row.projectId))) await settleProjectPayment(ctx, projectId);
}
