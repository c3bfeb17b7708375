import { and, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import { changeOrders } from '#server/db/schema/change-orders.js';

/**
 * A change order's number as the deal page shows it ("Change order 1"): its place among the
 * project's change orders by id, which is the order the page lists them in.
 */
export async function changeOrderNumberOf(db: Pick<DbOrTx, '$count'>, projectId: number, changeOrderId: number): Promise<number> {
  return db.$count(changeOrders, and(eq(changeOrders.projectId, projectId), lte(changeOrders.id, changeOrderId)));
}
