import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { deliveryDeadline, paymentDeadline } from '#shared/domain/deal.js';
import type { DealFacts } from '#shared/domain/deal-machine.js';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { acceptedExtraDays } from '#server/db/change-orders.js';
import { bids } from '#server/db/schema/bids.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { dealCancellations, dealHistory } from '#server/db/schema/deal.js';
import { disputes } from '#server/db/schema/disputes.js';
import { milestones } from '#server/db/schema/milestones.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { heldSince, unsettledCents } from '#server/features/deal/deal-money.js';
import { pendingDeadlines } from '#server/features/deal/deal-timers.js';

/**
 * The deal machine's facts of a project, read from its rows the way the services read them (the
 * winning bid's own payment, every held payment of the deal, the latest dispute). The parity test's
 * own reader, written from the services' queries and not from the machine branch's reader, so the
 * two readings can be compared.
 */
export async function readParityFacts(db: Db, config: Config, projectId: number, now: Date): Promise<DealFacts> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new Error(`no project ${projectId}`);
  const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, project.submitterId));
  const [finisher] = project.finisherId
    ? await db
        .select({ username: users.username, onboarded: users.onboardingComplete, account: users.stripeConnectAccountId })
        .from(users)
        .where(eq(users.id, project.finisherId))
    : [];
  const [bid] = await db
    .select({ id: bids.id, amountCents: bids.amountCents, timelineDays: bids.timelineDays, acceptedAt: bids.acceptedAt })
    .from(bids)
    .where(and(eq(bids.projectId, projectId), inArray(bids.status, [...winningBidStatuses])))
    .limit(1);
  const [payment] = bid
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.bidId, bid.id), isNull(payments.changeOrderId)))
        .limit(1)
    : [];
  const changeOrderPayments = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(changeOrders, eq(changeOrders.id, payments.changeOrderId))
    .where(and(eq(changeOrders.projectId, projectId), isNotNull(payments.changeOrderId)));
  const held: PaymentRow[] = [
    ...(payment?.status === 'held' ? [payment] : []),
    ...changeOrderPayments.map((r) => r.payment).filter((p) => p.status === 'held'),
  ];
  const [cancellation] = await db.select().from(dealCancellations).where(eq(dealCancellations.projectId, projectId)).limit(1);
  const [dispute] = await db.select().from(disputes).where(eq(disputes.projectId, projectId)).orderBy(desc(disputes.id)).limit(1);
  const [disputeOverPayment] = payment ? await db.select({ id: disputes.id }).from(disputes).where(eq(disputes.paymentId, payment.id)).limit(1) : [];
  const history = await db
    .select({ kind: dealHistory.kind })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, projectId), inArray(dealHistory.kind, ['delivery', 'milestone_delivery', 'revision_request'])));
  const deadlines = await pendingDeadlines(db, projectId);
  const milestoneDeadline = deadlines.find((d) => d.kind === 'milestone_review_due');
  const [milestone] = milestoneDeadline?.milestoneId
    ? await db.select({ title: milestones.title }).from(milestones).where(eq(milestones.id, milestoneDeadline.milestoneId))
    : [];
  const heldAt = payment && payment.status !== 'pending' && payment.status !== 'failed' ? heldSince(payment) : null;
  const extraDays = await acceptedExtraDays(db, projectId);
  return {
    status: project.status,
    hasFinisher: project.finisherId !== null,
    hasWinningBid: bid !== undefined,
    bidAmountCents: bid?.amountCents ?? null,
    isWorkAccepted: project.acceptedAt !== null,
    paymentStatus: payment?.status ?? null,
    heldCents: held.reduce((sum, p) => sum + unsettledCents(p), 0),
    payoutCents: held.reduce((sum, p) => sum + p.developerAmountCents - p.releasedCents, 0),
    isCardDisputed: held.some((p) => p.cardDisputeStatus === 'open'),
    finisherCanBePaid: Boolean(finisher?.onboarded && finisher.account),
    cancellation: cancellation ? { outcome: cancellation.outcome, respondBy: cancellation.respondBy } : null,
    dispute: dispute
      ? {
          status: dispute.status,
          openedBy: dispute.openedBy,
          hasResponded: dispute.respondedAt !== null,
          respondBy: dispute.respondBy,
          negotiateBy: dispute.negotiateBy,
          disputedCents: dispute.disputedCents,
        }
      : null,
    hasDisputeOverPayment: disputeOverPayment !== undefined,
    hasRevisionRequest: history.some((h) => h.kind === 'revision_request'),
    hasDelivered: history.some((h) => h.kind === 'delivery' || h.kind === 'milestone_delivery'),
    reviewDueAt: deadlines.find((d) => d.kind === 'review_due')?.dueAt ?? null,
    milestoneReview: milestoneDeadline && milestone ? { dueAt: milestoneDeadline.dueAt, title: milestone.title } : null,
    deliveryDueAt: heldAt && bid ? deliveryDeadline(heldAt, bid.timelineDays + extraDays, config.deal.deliveryGraceMs) : null,
    paymentDueAt:
      deadlines.find((d) => d.kind === 'payment_due')?.dueAt ??
      (bid?.acceptedAt && !heldAt && project.status === 'assigned' ? paymentDeadline(bid.acceptedAt, config.deal.paymentWindowMs) : null),
    names: { owner: owner?.username ?? 'The owner', finisher: finisher?.username ?? 'The developer' },
    now,
  };
}
