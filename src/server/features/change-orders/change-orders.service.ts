import { eq } from 'drizzle-orm';
import type { ChangeOrder, ProposeChangeOrderInput } from '#shared/contracts/change-orders.js';
import { type ChangeOrderAction, changeOrderLifecycle } from '#shared/domain/change-order-lifecycle.js';
import { dollarsToCents, splitPayment } from '#shared/domain/money.js';
import type { DealAction } from '#shared/domain/deal-machine.js';
import { changeOrderActorOf } from '#shared/domain/policies.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import { partySideOf, requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import { changeOrderNumberOf, findChangeOrders, toChangeOrder } from './change-orders.queries.js';

// What the deal uses of change orders: the list on the deal answer (the extra days they grant are a deal fact: server/domain/deal-facts.ts).
export { findChangeOrders } from './change-orders.queries.js';
import type { Tx } from '#server/db/client.js';
import { lockProject } from '#server/db/project-locks.js';
import { type ChangeOrderRow, changeOrders } from '#server/db/schema/change-orders.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import { projectColumns, type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { lockProjectPayment, openSession } from '#server/features/payments/payments.service.js';

/**
 * Change orders (issue 18, item 6; docs/decisions/034-change-orders.md). Every step locks the
 * project row first, as bids and payments do, then re-reads the change order: two accepts, an accept
 * racing a decline, or two payment clicks take effect once, and the second is refused by the
 * lifecycle (409) or handed the same checkout.
 */

const partiesOf = (project: ProjectRow) => ({
  projectId: project.id,
  projectName: project.name,
  ownerId: project.submitterId,
  finisherId: project.finisherId!,
});

/** The change order's payment, if it has one. */
async function paymentOf(tx: Pick<Tx, 'select'>, changeOrderId: number): Promise<PaymentRow | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.changeOrderId, changeOrderId)).limit(1);
  return payment ?? null;
}

/** POST /api/projects/{id}/change-orders: either party of a live deal proposes; the other is told. */
export async function proposeChangeOrder(ctx: AppContext, actor: UserRow, projectId: number, input: ProposeChangeOrderInput): Promise<ChangeOrder> {
  const row = await ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'proposeChangeOrder', project);
    // The deal is live: paid, its work not yet accepted, not cancelled, no dispute open (the deal machine).
    await requireDealStep(ctx, tx, project, actor, 'propose_change_order');
    const payment = (await lockProjectPayment(tx, project.id))!;
    const side = partySideOf(actor, project);
    const amountCents = dollarsToCents(input.amount);
    const [created] = await tx
      .insert(changeOrders)
      .values({
        projectId,
        bidId: payment.bidId,
        proposedBy: side,
        proposerId: actor.id,
        description: input.description,
        amountCents,
        extraDays: input.extraDays,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await record({
      type: 'change_order.proposed',
      changeOrderId: created!.id,
      side,
      description: input.description,
      amountCents,
      extraDays: input.extraDays,
      ...partiesOf(project),
    });
    return created!;
  });
  return toChangeOrder(row, null, await changeOrderNumberOf(ctx.db, row));
}

/** GET /api/projects/{id}/change-orders: the deal's two parties. */
export async function listChangeOrders(ctx: AppContext, actor: UserRow, projectId: number): Promise<ChangeOrder[]> {
  const [project] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readChangeOrders', project);
  return findChangeOrders(ctx.db, projectId);
}

/** The change order and its project, the project locked first, then the change order. */
async function lockChangeOrder(tx: Tx, actor: UserRow, changeOrderId: number): Promise<{ project: ProjectRow; changeOrder: ChangeOrderRow }> {
  const [found] = await tx.select({ projectId: changeOrders.projectId }).from(changeOrders).where(eq(changeOrders.id, changeOrderId)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Change order not found');
  const project = await lockProject(tx, found.projectId);
  requireAccess(actor, 'readChangeOrders', project);
  const [changeOrder] = await tx.select().from(changeOrders).where(eq(changeOrders.id, changeOrderId)).for('update').limit(1);
  return { project, changeOrder: changeOrder! };
}

const decisionActions = { accept: 'accept_change_order', decline: 'decline_change_order', withdraw: 'withdraw_change_order' } as const satisfies Record<
  ChangeOrderAction,
  DealAction
>;

/** Accept, decline or withdraw: one lifecycle edge, under the locks, told to the other party. */
async function decide(ctx: AppContext, actor: UserRow, changeOrderId: number, action: ChangeOrderAction): Promise<ChangeOrder> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const { project, changeOrder } = await lockChangeOrder(tx, actor, changeOrderId);
    const to = applyTransition(changeOrderLifecycle, action, { from: changeOrder.status, actor: changeOrderActorOf(actor, project, changeOrder) });
    // Accepting changes the deal, so the deal must still be live; declining or withdrawing a proposal never hurts.
    await requireDealStep(ctx, tx, project, actor, decisionActions[action]);
    await tx.update(changeOrders).set({ status: to, decidedAt: ctx.clock.now() }).where(eq(changeOrders.id, changeOrderId));
    const step = { changeOrderId, side: partySideOf(actor, project), ...partiesOf(project) };
    if (action === 'accept') {
      await record({ type: 'change_order.accepted', amountCents: changeOrder.amountCents, extraDays: changeOrder.extraDays, ...step });
    } else if (action === 'decline') await record({ type: 'change_order.declined', ...step });
    else await record({ type: 'change_order.withdrawn', ...step });
  });
  return readChangeOrder(ctx, changeOrderId);
}

async function readChangeOrder(ctx: AppContext, changeOrderId: number): Promise<ChangeOrder> {
  const [row] = await ctx.db.select().from(changeOrders).where(eq(changeOrders.id, changeOrderId)).limit(1);
  return toChangeOrder(row!, await paymentOf(ctx.db, changeOrderId), await changeOrderNumberOf(ctx.db, row!));
}

export const acceptChangeOrder = (ctx: AppContext, actor: UserRow, changeOrderId: number) => decide(ctx, actor, changeOrderId, 'accept');
export const declineChangeOrder = (ctx: AppContext, actor: UserRow, changeOrderId: number) => decide(ctx, actor, changeOrderId, 'decline');
export const withdrawChangeOrder = (ctx: AppContext, actor: UserRow, changeOrderId: number) => decide(ctx, actor, changeOrderId, 'withdraw');

/**
 * POST /api/change-orders/{id}/pay: the owner opens hosted checkout for an accepted change order's
 * amount, or gets the one already open; its money is a payment row of its own, held with the deal's.
 */
export async function payChangeOrder(ctx: AppContext, actor: UserRow, changeOrderId: number, origin: string): Promise<{ checkoutUrl: string }> {
  return ctx.db.transaction(async (tx) => {
    const { project, changeOrder } = await lockChangeOrder(tx, actor, changeOrderId);
    requireAccess(actor, 'payChangeOrder', project);
    if (changeOrder.status !== 'accepted') throw new AppError('INVALID_TRANSITION', 'Only an accepted change order can be paid');
    if (changeOrder.amountCents === 0) throw new AppError('CONFLICT', 'This change order has no amount to pay: its extra days already apply');
    const existing = await paymentOf(tx, changeOrderId);
    if (existing && existing.status !== 'pending') throw new AppError('CONFLICT', 'This change order has already been paid');
    await requireDealStep(ctx, tx, project, actor, 'pay_change_order');

    await tx
      .insert(payments)
      .values({
        bidId: changeOrder.bidId,
        changeOrderId,
        ...splitPayment(changeOrder.amountCents),
        status: 'pending',
        transferGroup: `project_${project.id}`,
      })
      .onConflictDoNothing({ target: payments.changeOrderId });
    const [payment] = await tx.select().from(payments).where(eq(payments.changeOrderId, changeOrderId)).for('update').limit(1);
    return openSession(ctx, tx, payment!, {
      actor,
      project,
      // The number the project page shows (one numbering from the server), not the row's id.
      description: `${project.name} (Change order ${await changeOrderNumberOf(tx, changeOrder)})`,
      successUrl: `${origin}/projects/${project.id}?payment=success`,
      cancelUrl: `${origin}/projects/${project.id}?tab=deal&canceled=true`,
      metadata: { bidId: String(changeOrder.bidId), changeOrderId: String(changeOrderId) },
    });
  });
}
