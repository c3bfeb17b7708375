import { and, eq, isNull } from 'drizzle-orm';
import type { Payment } from '#shared/contracts/payments.js';
import { centsToDollars } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { settleProjectPayment, settleWaitingPayouts } from './payment-settlement.js';

export { lockHeldPayments, lockProjectPayment } from './payment-settlement.js';
export { openSession } from './checkout.service.js';

/** Money moves after the change that calls for it has committed; each trigger settles idempotently. */
export function registerPaymentHandlers(events: DomainEvents, ctx: AppContext): void {
  events.onCommit('work.accepted', (e) => settleProjectPayment(ctx, e.projectId));
  events.onCommit('payment.received', (e) => settleProjectPayment(ctx, e.projectId));
  // A change order's money is held only while its deal is live (decision 038); settling is idempotent and moves only what is due.
  events.onCommit('change_order.paid', (e) => settleProjectPayment(ctx, e.projectId));
  events.onCommit('project.status_changed', (e) => (e.to === 'cancelled' ? settleProjectPayment(ctx, e.projectId) : undefined));
  events.onCommit('onboarding.completed', (e) => settleWaitingPayouts(ctx, e.userId));
  // An approved milestone of a paid project releases its share at once.
  events.onCommit('milestone.approved', (e) => settleProjectPayment(ctx, e.projectId));
  // A cancellation the finisher agreed to, or let time out, refunds the unsettled remainder.
  events.onCommit('cancellation.agreed', (e) => settleProjectPayment(ctx, e.projectId));
  events.onCommit('cancellation.timed_out', (e) => settleProjectPayment(ctx, e.projectId));
  // A settled dispute splits the remainder (decision 029).
  events.onCommit('dispute.settled', (e) => settleProjectPayment(ctx, e.projectId));
  // A chargeback the platform won releases what the freeze held back (milestones approved, work accepted meanwhile).
  events.onCommit('card_dispute.closed', (e) => (e.outcome === 'won' ? settleProjectPayment(ctx, e.projectId) : undefined));
}

/** The payment of a project's accepted bid, for its owner and its finisher; null before any payment. */
export async function getProjectPayment(ctx: AppContext, actor: UserRow, projectId: number): Promise<Payment | null> {
  const [project] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readPayment', project);
  const [row] = await ctx.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    // The deal's own payment; change orders' are read with their change orders.
    .where(and(eq(bids.projectId, projectId), isNull(payments.changeOrderId)))
    .orderBy(payments.id)
    .limit(1);
  if (!row) return null;
  const p = row.payment;
  return {
    id: p.id,
    bidId: p.bidId,
    status: p.status,
    amountCents: p.amountCents,
    platformFeeCents: p.platformFeeCents,
    developerAmountCents: p.developerAmountCents,
    amount: centsToDollars(p.amountCents),
    platformFee: centsToDollars(p.platformFeeCents),
    developerAmount: centsToDollars(p.developerAmountCents),
    releasedCents: p.releasedCents,
    settledCents: p.settledCents,
    refundedCents: p.refundedCents,
    createdAt: p.createdAt.toISOString(),
  };
}
