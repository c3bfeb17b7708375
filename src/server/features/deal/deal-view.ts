import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Deal, DealCancellation, DealNextStep } from '#shared/contracts/deal.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { deadlineDay, deliveryDeadline, paymentDeadline } from '#shared/domain/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { acceptedExtraDays, findChangeOrders } from '#server/features/change-orders/change-orders.service.js';
import { requireAccess } from '#server/domain/require-access.js';
import { bids } from '#server/db/schema/bids.js';
import { dealCancellations, type DealCancellationRow, dealHistory } from '#server/db/schema/deal.js';
import { type DisputeRow, disputes } from '#server/db/schema/disputes.js';
import { milestones } from '#server/db/schema/milestones.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { heldSince } from './deal-money.js';
import { pendingDeadlines } from './deal-timers.js';
import { toHistoryEntry } from './deal-history.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });

interface DealFacts {
  project: ProjectRow;
  owner: string;
  finisher: string;
  finisherCanBePaid: boolean;
  bid: { amountCents: number; timelineDays: number } | null;
  payment: PaymentRow | null;
  changeOrderPayments: PaymentRow[];
  cancellation: DealCancellationRow | null;
  dispute: DisputeRow | null;
  hasDelivered: boolean;
  reviewDueAt: Date | null;
  milestoneReview: { dueAt: Date; title: string } | null;
  deliveryDueAt: Date | null;
  /** When the accepted bid lapses unpaid (decision 037), while it waits for its payment. */
  paymentDueAt: Date | null;
  now: Date;
}

const heldOf = (payment: PaymentRow) => payment.amountCents - payment.settledCents - payment.refundedCents;

/** The one step the deal waits for, in a sentence with the names, the date and the money. */
function nextStepOf(f: DealFacts): DealNextStep | null {
  const { project, owner, finisher, payment, cancellation } = f;
  const isHeld = payment?.status === 'held';
  // The money the next step is about: every held payment of the deal, its own and its change orders' (decision 034).
  const held = [payment, ...f.changeOrderPayments].filter((p): p is PaymentRow => p?.status === 'held');
  const heldCents = held.reduce((sum, p) => sum + heldOf(p), 0);
  const payoutCents = held.reduce((sum, p) => sum + p.developerAmountCents - p.releasedCents, 0);
  const dispute = f.dispute;
  if (dispute && dispute.status !== 'settled') {
    if (dispute.status === 'with_operator') {
      return {
        action: 'operator_review',
        actor: 'operator',
        dueAt: null,
        description: `The dispute is with Finishline's operator, who rules how the ${money(dispute.disputedCents)} is split.`,
      };
    }
    const responder = dispute.openedBy === 'owner' ? 'finisher' : 'owner';
    if (dispute.respondedAt === null) {
      return {
        action: 'respond_to_dispute',
        actor: responder,
        dueAt: dispute.respondBy.toISOString(),
        description: `${responder === 'owner' ? owner : finisher} has until ${deadlineDay(dispute.respondBy)} to respond to the dispute; without a response it settles at ${dispute.openedBy === 'owner' ? owner : finisher}'s offer.`,
      };
    }
    return {
      action: 'settle_dispute',
      actor: responder,
      dueAt: dispute.negotiateBy.toISOString(),
      description: `${owner} and ${finisher} have until ${deadlineDay(dispute.negotiateBy)} to agree on the ${money(dispute.disputedCents)} in dispute; after that the operator decides.`,
    };
  }
  if (project.status === 'cancelled') {
    if (cancellation?.outcome === 'open' && cancellation.respondBy) {
      return {
        action: 'answer_cancellation',
        actor: 'finisher',
        dueAt: cancellation.respondBy.toISOString(),
        description: `${finisher} has until ${deadlineDay(cancellation.respondBy)} to agree to or object to the cancellation; after that ${money(heldCents)} is refunded to ${owner}.`,
      };
    }
    if (cancellation?.outcome === 'objected' && isHeld) {
      return {
        action: 'operator_review',
        actor: 'system',
        dueAt: null,
        description: `${finisher} objected to the cancellation; the ${money(heldCents)} stays held until Finishline's operator settles it.`,
      };
    }
  }
  // Work accepted before any money came (rows from before issue 26) still waits for the payment below.
  const isUnpaid = payment === null || payment.status === 'pending' || payment.status === 'failed';
  if (project.acceptedAt !== null && !(isUnpaid && project.status !== 'cancelled')) {
    if (!isHeld || f.finisherCanBePaid) return null;
    return { action: 'set_up_payouts', actor: 'finisher', dueAt: null, description: `${finisher} sets up a payout account to receive ${money(payoutCents)}.` };
  }
  if (project.status === 'cancelled' || project.finisherId === null || !f.bid) return null;
  if (!isHeld && !(payment?.status === 'released')) {
    // Decision 037: unpaid past the payment window, the bid lapses and the project reopens for bids.
    const due = f.paymentDueAt;
    return {
      action: 'pay',
      actor: 'owner',
      dueAt: due?.toISOString() ?? null,
      description: `${owner} pays ${money(f.bid.amountCents)} to start the work; the money is held until the delivery is accepted.${due ? ` Unpaid by ${deadlineDay(due)}, the bid lapses and the project reopens for bids.` : ''}`,
    };
  }
  if (!isHeld) return null;
  const payout = money(payoutCents);
  if (project.status === 'completed' && f.reviewDueAt) {
    return {
      action: 'review_delivery',
      actor: 'owner',
      dueAt: f.reviewDueAt.toISOString(),
      description: `${owner} has until ${deadlineDay(f.reviewDueAt)} to review the delivery; after that it is accepted and ${payout} is released to ${finisher}.`,
    };
  }
  if (f.milestoneReview && (f.hasDelivered || !f.deliveryDueAt || f.milestoneReview.dueAt <= f.deliveryDueAt)) {
    const { dueAt, title } = f.milestoneReview;
    return {
      action: 'review_milestone',
      actor: 'owner',
      dueAt: dueAt.toISOString(),
      description: `${owner} has until ${deadlineDay(dueAt)} to review the milestone "${title}"; after that it is approved and its share is released to ${finisher}.`,
    };
  }
  if (project.status !== 'assigned' && project.status !== 'in_progress') return null;
  if (f.hasDelivered) {
    return {
      action: 'deliver',
      actor: 'finisher',
      dueAt: null,
      description: `${finisher} is revising the work for ${owner}; the next delivery starts a new review window.`,
    };
  }
  const refund = money(heldCents);
  const due = f.deliveryDueAt ?? f.now;
  if (f.now.getTime() > due.getTime()) {
    return {
      action: 'deliver',
      actor: 'finisher',
      dueAt: due.toISOString(),
      description: `The delivery was due on ${deadlineDay(due)}. ${finisher} can still deliver; ${owner} may cancel now and get ${refund} back at once.`,
    };
  }
  return {
    action: 'deliver',
    actor: 'finisher',
    dueAt: due.toISOString(),
    description: `${finisher} has until ${deadlineDay(due)} to deliver the work; after that ${owner} may cancel and get ${refund} back at once.`,
  };
}

function cancellationOf(f: DealFacts): DealCancellation | null {
  const c = f.cancellation;
  if (!c) return null;
  // Over the deal's own payment and its change orders' (decision 034).
  const refundOf = (p: PaymentRow) => (p.status === 'held' ? heldOf(p) : p.refundedCents);
  const refundCents =
    f.payment && c.outcome !== 'none' && c.outcome !== 'objected' ? [f.payment, ...f.changeOrderPayments].reduce((sum, p) => sum + refundOf(p), 0) : 0;
  const descriptions: Record<DealCancellation['outcome'], string> = {
    none: `The project was cancelled after the delivery was accepted: the payout stays with ${f.finisher}, and the deal counts as completed.`,
    refund:
      refundCents > 0
        ? `The project was cancelled and ${money(refundCents)} is refunded to ${f.owner}.`
        : 'The project was cancelled before any payment: nothing to settle.',
    open: `${f.owner} cancelled the project; ${f.finisher} is asked to agree to or object to the refund of ${money(refundCents)}.`,
    agreed: `${f.finisher} agreed to the cancellation: ${money(refundCents)} is refunded to ${f.owner}.`,
    timed_out: `${f.finisher} did not answer in time: ${money(refundCents)} is refunded to ${f.owner}.`,
    objected: `${f.finisher} objected to the cancellation: the money stays held until Finishline's operator settles it.`,
  };
  return {
    outcome: c.outcome,
    requestedAt: c.requestedAt.toISOString(),
    respondBy: c.respondBy?.toISOString() ?? null,
    respondedAt: c.respondedAt?.toISOString() ?? null,
    objection: c.objection,
    refundCents,
    description: descriptions[c.outcome],
  };
}

async function readFacts(ctx: AppContext, db: DbOrTx, project: ProjectRow): Promise<DealFacts> {
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
    .where(and(eq(bids.projectId, project.id), inArray(bids.status, [...winningBidStatuses])))
    .limit(1);
  const [payment] = bid
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.bidId, bid.id), isNull(payments.changeOrderId)))
        .limit(1)
    : [];
  // Change orders' payments (decision 034): their money adds to the deal's, their days to its timeline.
  const extras = bid
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.bidId, bid.id), isNotNull(payments.changeOrderId)))
    : [];
  const extraDays = await acceptedExtraDays(db, project.id);
  const [cancellation] = await db.select().from(dealCancellations).where(eq(dealCancellations.projectId, project.id)).limit(1);
  const [dispute] = await db.select().from(disputes).where(eq(disputes.projectId, project.id)).orderBy(desc(disputes.id)).limit(1);
  const [delivered] = await db
    .select({ id: dealHistory.id })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, project.id), inArray(dealHistory.kind, ['delivery', 'milestone_delivery'])))
    .limit(1);
  const deadlines = await pendingDeadlines(db, project.id);
  const milestoneDeadline = deadlines.find((d) => d.kind === 'milestone_review_due');
  const [milestone] = milestoneDeadline?.milestoneId
    ? await db.select({ title: milestones.title }).from(milestones).where(eq(milestones.id, milestoneDeadline.milestoneId))
    : [];
  const heldAt = payment && payment.status !== 'pending' && payment.status !== 'failed' ? heldSince(payment) : null;
  return {
    project,
    owner: owner?.username ?? 'The owner',
    finisher: finisher?.username ?? 'The developer',
    finisherCanBePaid: Boolean(finisher?.onboarded && finisher.account),
    bid: bid ?? null,
    payment: payment ?? null,
    cancellation: cancellation ?? null,
    dispute: dispute ?? null,
    hasDelivered: delivered !== undefined,
    reviewDueAt: deadlines.find((d) => d.kind === 'review_due')?.dueAt ?? null,
    milestoneReview: milestoneDeadline && milestone ? { dueAt: milestoneDeadline.dueAt, title: milestone.title } : null,
    deliveryDueAt: heldAt && bid ? deliveryDeadline(heldAt, bid.timelineDays + extraDays, ctx.config.deal.deliveryGraceMs) : null,
    paymentDueAt:
      deadlines.find((d) => d.kind === 'payment_due')?.dueAt ??
      (bid?.acceptedAt && !heldAt && project.status === 'assigned' ? paymentDeadline(bid.acceptedAt, ctx.config.deal.paymentWindowMs) : null),
    changeOrderPayments: extras,
    now: ctx.clock.now(),
  };
}

/** The deal of a project, for its owner and its assigned finisher. */
export async function findDeal(ctx: AppContext, actor: UserRow, projectId: number): Promise<Deal> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readDeal', project);
  const facts = await readFacts(ctx, ctx.db, project);
  const history = await ctx.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId)).orderBy(asc(dealHistory.at), asc(dealHistory.id));
  const { payment } = facts;
  const isPaidPayment = (p: PaymentRow | null): p is PaymentRow => p !== null && p.status !== 'pending' && p.status !== 'failed';
  const isPaid = isPaidPayment(payment);
  // Every paid payment of the deal, its own and its change orders': paid = released + fee + refunded + held over all of them.
  const paid = [payment, ...facts.changeOrderPayments].filter(isPaidPayment);
  const total = (part: (p: PaymentRow) => number) => paid.reduce((sum, p) => sum + part(p), 0);
  return {
    status: project.status,
    nextStep: nextStepOf(facts),
    deliveryDueAt: facts.deliveryDueAt?.toISOString() ?? null,
    reviewDueAt: project.status === 'completed' ? (facts.reviewDueAt?.toISOString() ?? null) : null,
    history: history.map(toHistoryEntry),
    cancellation: cancellationOf(facts),
    money: isPaid
      ? {
          paidCents: total((p) => p.amountCents),
          heldCents: total((p) => (p.status === 'held' ? heldOf(p) : 0)),
          releasedCents: total((p) => p.releasedCents),
          feeCents: total((p) => p.settledCents - p.releasedCents),
          refundedCents: total((p) => p.refundedCents),
        }
      : null,
    dispute: facts.dispute ? { id: facts.dispute.id, status: facts.dispute.status } : null,
    changeOrders: await findChangeOrders(ctx.db, projectId),
  };
}
