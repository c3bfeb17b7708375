import { asc, eq } from 'drizzle-orm';
import type { Deal, DealCancellation } from '#shared/contracts/deal.js';
import { allowedActionsOf, dealActions, dealStateOf, sideOf } from '#shared/domain/deal-machine.js';
import { formatMoney } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { findChangeOrders } from '#server/features/change-orders/change-orders.service.js';
import { type DealReading, readDealFacts } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import { dealHistory } from '#server/db/schema/deal.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { toHistoryEntry } from './deal-history.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });

const heldOf = (payment: PaymentRow) => payment.amountCents - payment.settledCents - payment.refundedCents;

function cancellationOf(deal: DealReading): DealCancellation | null {
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

/** The deal of a project, for its owner and its assigned finisher. */
export async function findDeal(ctx: AppContext, actor: UserRow, projectId: number): Promise<Deal> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readDeal', project);
  const deal = await readDealFacts(ctx, ctx.db, project);
  const { facts } = deal;
  const state = dealStateOf(facts);
  const side = sideOf(actor, project) === 'finisher' ? 'finisher' : 'owner';
  const history = await ctx.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId)).orderBy(asc(dealHistory.at), asc(dealHistory.id));
  const { payment } = deal;
  const isPaidPayment = (p: PaymentRow | null): p is PaymentRow => p !== null && p.status !== 'pending' && p.status !== 'failed';
  const isPaid = isPaidPayment(payment);
  // Every paid payment of the deal, its own and its change orders': paid = released + fee + refunded + held over all of them.
  const paid = [payment, ...deal.changeOrderPayments].filter(isPaidPayment);
  const total = (part: (p: PaymentRow) => number) => paid.reduce((sum, p) => sum + part(p), 0);
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
    cancellation: cancellationOf(deal),
    money: isPaid
      ? {
          paidCents: total((p) => p.amountCents),
          heldCents: total((p) => (p.status === 'held' ? heldOf(p) : 0)),
          releasedCents: total((p) => p.releasedCents),
          feeCents: total((p) => p.settledCents - p.releasedCents),
          refundedCents: total((p) => p.refundedCents),
        }
      : null,
    dispute: deal.dispute ? { id: deal.dispute.id, status: deal.dispute.status } : null,
    changeOrders: await findChangeOrders(ctx.db, projectId),
  };
}
