import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { ChangeOrder } from '#shared/contracts/change-orders.js';
import { centsToDollars } from '#shared/domain/money.js';
import type { DbOrTx } from '#server/db/client.js';
import { type ChangeOrderRow, changeOrders } from '#server/db/schema/change-orders.js';
import { payments } from '#server/db/schema/payments.js';

type ChangeOrderPayment = { status: (typeof payments.$inferSelect)['status']; heldAt: Date | null } | null;

/** A change order as the deal's parties read it; its payment says whether (and when) it was paid. */
export function toChangeOrder(row: ChangeOrderRow, payment: ChangeOrderPayment, number: number): ChangeOrder {
  const isPaid = payment !== null && payment.status !== 'pending' && payment.status !== 'failed';
  return {
    id: row.id,
    projectId: row.projectId,
    number,
    proposedBy: row.proposedBy,
    proposerId: row.proposerId,
    description: row.description,
    amount: centsToDollars(row.amountCents),
    amountCents: row.amountCents,
    extraDays: row.extraDays,
    status: row.status,
    paymentStatus: payment?.status ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    paidAt: isPaid ? (payment.heldAt?.toISOString() ?? null) : null,
  };
}

/** The change orders of a project with their payments, oldest first. */
export async function findChangeOrders(db: Pick<DbOrTx, 'select'>, projectId: number): Promise<ChangeOrder[]> {
  const rows = await db
    .select({ changeOrder: changeOrders, paymentStatus: payments.status, heldAt: payments.heldAt })
    .from(changeOrders)
    .leftJoin(payments, eq(payments.changeOrderId, changeOrders.id))
    .where(eq(changeOrders.projectId, projectId))
    .orderBy(asc(changeOrders.id));
  return rows.map((r, index) => toChangeOrder(r.changeOrder, r.paymentStatus ? { status: r.paymentStatus, heldAt: r.heldAt } : null, index + 1));
}

/** A change order's number in its deal: how many of the project's change orders came before it, plus one (ids grow). */
export async function changeOrderNumberOf(db: Pick<DbOrTx, 'select'>, row: Pick<ChangeOrderRow, 'id' | 'projectId'>): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(changeOrders)
    .where(and(eq(changeOrders.projectId, row.projectId), lte(changeOrders.id, row.id)));
  return counted?.n ?? 1;
}
