import { and, asc, desc, eq } from 'drizzle-orm';
import type { Deal, DealCancellation } from '#shared/contracts/deal.js';
import { allowedActionsOf, dealActions, dealStateOf, sideOf } from '#shared/domain/deal-machine.js';
import { deadlineDay } from '#shared/domain/deal.js';
import { objectionClaimText } from '#shared/domain/dispute-silence.js';
import { formatMoney } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { findChangeOrders } from '#server/features/change-orders/change-orders.service.js';
import { findDealRepositoryView } from '#server/features/repositories/repositories.service.js';
import { type DealReading, readDealFacts } from '#server/domain/deal-facts.js';
import { dealMoneyOf, paymentMoneyOf } from '#server/domain/deal-money.js';
import { requireAccess } from '#server/domain/require-access.js';
import { findDuePayout } from '#server/domain/waiting-payout.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { disputeOffers } from '#server/db/schema/disputes.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { toHistoryEntry } from './deal-history.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });

const heldOf = (payment: PaymentRow) => paymentMoneyOf(payment).heldCents;

/** The finisher's objection in words: a dispute over the held money (issue 15), worded as the dispute page words it. */
async function objectionOf(ctx: AppContext, deal: DealReading, names: { owner: string; finisher: string }, timeZone: string): Promise<string> {
  const { owner, finisher } = names;
  const dispute = deal.dispute;
  if (!dispute || dispute.stage !== 'cancellation')
    return `${finisher} objected to the cancellation; nothing is held, and Finishline's operator looks into it.`;
  const disputed = money(dispute.disputedCents);
  if (dispute.status === 'settled') {
    return `${finisher} objected to the cancellation; the dispute is settled: ${finisher} receives ${money(dispute.finisherAmountCents ?? 0)} (less the platform fee) and the rest of ${disputed} is refunded to ${owner}.`;
  }
  if (dispute.status === 'with_operator') return `${finisher} objected to the cancellation; Finishline's operator rules how the ${disputed} is split.`;
  if (dispute.respondedAt !== null) {
    return `${finisher} objected to the cancellation; ${owner} and ${finisher} have until ${deadlineDay(dispute.negotiateBy, timeZone)} to agree on the ${disputed}, after that Finishline's operator decides.`;
  }
  const [ask] = await ctx.db
    .select({ cents: disputeOffers.finisherAmountCents })
    .from(disputeOffers)
    .where(and(eq(disputeOffers.disputeId, dispute.id), eq(disputeOffers.side, dispute.openedBy)))
    .orderBy(desc(disputeOffers.id))
    .limit(1);
  const claim = objectionClaimText({
    owner,
    finisher,
    finisherCents: ask?.cents ?? 0,
    disputedCents: dispute.disputedCents,
    respondBy: dispute.respondBy,
    timeZone,
  });
  return `${finisher} objected to the cancellation. ${claim}`;
}

async function cancellationOf(ctx: AppContext, deal: DealReading, timeZone: string): Promise<DealCancellation | null> {
  const c = deal.cancellation;
  const { owner, finisher } = deal.facts.names;
  const f = { ...deal, owner, finisher };
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
    objected: c.outcome === 'objected' ? await objectionOf(ctx, deal, { owner, finisher }, timeZone) : '',
  };
  return {
    outcome: c.outcome,
    requestedAt: c.requestedAt.toISOString(),
    respondBy: c.respondBy?.toISOString() ?? null,
    respondedAt: c.respondedAt?.toISOString() ?? null,
    objection: c.objection,
    refundCents,
    // An objection now opens a dispute the owner must answer within DISPUTE_RESPONSE_WINDOW.
    objectionRespondBy: c.outcome === 'open' ? new Date(ctx.clock.now().getTime() + ctx.config.dispute.responseWindowMs).toISOString() : null,
    description: descriptions[c.outcome],
  };
}

/** What cancelling now does to the held money, as settleCancellation (deal.service.ts) will decide it; null when nothing is held. */
function cancelNoticeOf(ctx: AppContext, deal: DealReading, heldCents: number, timeZone: string): string | null {
  const { facts, project } = deal;
  if (heldCents <= 0 || project.acceptedAt !== null || project.status === 'cancelled') return null;
  const { finisher } = facts.names;
  const held = money(heldCents);
  const now = ctx.clock.now();
  if (facts.deliveryDueAt && now.getTime() > facts.deliveryDueAt.getTime() && !facts.hasDelivered) {
    return `The delivery was due on ${deadlineDay(facts.deliveryDueAt, timeZone)} and nothing was delivered: the ${held} held is refunded to you at once.`;
  }
  const respondBy = new Date(now.getTime() + ctx.config.deal.cancelResponseWindowMs);
  return `The ${held} held goes back to you only if ${finisher} agrees, or does not answer by ${deadlineDay(respondBy, timeZone)}. ${finisher} may object instead and ask for part or all of it in a dispute.`;
}

/** The deal of a project, for its owner and its assigned finisher. */
export async function findDeal(ctx: AppContext, actor: UserRow, projectId: number): Promise<Deal> {
  const [project] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readDeal', project);
  const deal = await readDealFacts(ctx, ctx.db, project);
  const { facts } = deal;
  const state = dealStateOf(facts, actor.timeZone);
  const side = sideOf(actor, project) === 'finisher' ? 'finisher' : 'owner';
  const history = await ctx.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId)).orderBy(asc(dealHistory.at), asc(dealHistory.id));
  const changeOrders = await findChangeOrders(ctx.db, projectId);
  // Every paid payment of the deal, its own and its change orders' (decision 047).
  const moneyView = dealMoneyOf(
    deal.payment,
    deal.changeOrderPayments,
    changeOrders.map((c) => c.id),
  );
  return {
    status: project.status,
    stage: state.stage,
    turn: state.turn,
    nextStep: state.nextStep,
    allowedActions: allowedActionsOf(state, side),
    refusedActions: dealActions.flatMap((action) => {
      const verdict = state.actions[action][side];
      return verdict.allowed ? [] : [{ action, code: verdict.code, message: verdict.message }];
    }),
    deliveryDueAt: facts.deliveryDueAt?.toISOString() ?? null,
    reviewDueAt: project.status === 'completed' ? (facts.reviewDueAt?.toISOString() ?? null) : null,
    history: history.map(toHistoryEntry),
    cancellation: await cancellationOf(ctx, deal, actor.timeZone),
    money: moneyView,
    cancelNotice: side === 'owner' && moneyView ? cancelNoticeOf(ctx, deal, moneyView.heldCents, actor.timeZone) : null,
    dispute: deal.dispute ? { id: deal.dispute.id, status: deal.dispute.status } : null,
    changeOrders,
    payoutWaiting: side === 'finisher' ? await payoutWaitingOf(ctx, project.id, project.finisherId) : null,
    ...(await findDealRepositoryView(ctx.db, project)),
  };
}

/** What the finisher is owed now and cannot be paid for want of a payout account (issue 28, item 2). */
async function payoutWaitingOf(ctx: AppContext, projectId: number, finisherId: number | null): Promise<{ amountCents: number } | null> {
  if (finisherId === null) return null;
  const due = await findDuePayout(ctx.db, projectId, finisherId);
  return due.amountCents > 0 && !due.isAccountReady ? { amountCents: due.amountCents } : null;
}
