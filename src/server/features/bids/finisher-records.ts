import { and, avg, count, eq, inArray, sql } from 'drizzle-orm';
import type { FinisherRecord } from '#shared/contracts/bids.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import type { DbOrTx } from '#server/db/client.js';
import { sqlList } from '#server/db/sql-list.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { bids } from '#server/db/schema/bids.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { projects } from '#server/db/schema/projects.js';
import { reviews } from '#server/db/schema/reviews.js';
import { projectIsCompletedDeal } from '#server/db/paid.js';
import { reviewCountsTowardsRating } from '#server/db/ratings.js';

/**
 * What an owner weighs on a bid card (issue 18, item 9), for a page of finishers at once. The
 * on-time rate (decision 033, narrowed by decision 052): of the finisher's completed deals, the
 * share whose first delivery came by the deal clock's delivery deadline: when the payment was held,
 * plus the accepted bid's timeline in days, plus DEAL_DELIVERY_GRACE. Counted over the same deals
 * as "completed", so a record never reads "Completed: 0 · On time: 100%" (issue 28, item 17).
 */
export async function findFinisherRecords(
  db: DbOrTx,
  finishers: readonly { id: number; createdAt: Date }[],
  deliveryGraceMs: number,
): Promise<Map<number, FinisherRecord>> {
  const ids = [...new Set(finishers.map((f) => f.id))];
  const records = new Map<number, FinisherRecord>();
  if (ids.length === 0) return records;
  const [ratings, completed, deliveries] = await Promise.all([
    db
      .select({ id: reviews.revieweeId, average: avg(reviews.rating), total: count() })
      .from(reviews)
      .where(and(inArray(reviews.revieweeId, ids), reviewCountsTowardsRating()))
      .groupBy(reviews.revieweeId),
    db
      .select({ id: projects.finisherId, total: count() })
      .from(projects)
      // Accepted work counts as completed, even on a project marked cancelled afterwards (decision 027).
      .where(and(inArray(projects.finisherId, ids), projectIsCompletedDeal(projects)))
      .groupBy(projects.finisherId),
    db
      .select({
        id: projects.finisherId,
        delivered: count(),
        // The deadline the deal clock set: the bid's days plus every accepted change order's (decision 034).
        // deliveryDeadline (shared/domain/deal.ts, read through server/domain/deal-facts.ts) is the rule; it is
        // written again in SQL here only because this rate aggregates over every deal of every finisher at once.
        onTime: sql<number>`count(*) filter (where d.first_delivery <= d.held + (${bids.timelineDays} + coalesce((select sum(${changeOrders.extraDays}) from ${changeOrders} where ${changeOrders.projectId} = ${projects.id} and ${changeOrders.status} = 'accepted'), 0)) * interval '1 day' + ${deliveryGraceMs} * interval '1 millisecond')::int`,
      })
      .from(projects)
      .innerJoin(bids, and(eq(bids.projectId, projects.id), eq(bids.finisherId, projects.finisherId), sql`${bids.status} IN ${sqlList(winningBidStatuses)}`))
      .innerJoin(
        sql`lateral (select min(${dealHistory.at}) filter (where ${dealHistory.kind} = 'payment_held') as held, min(${dealHistory.at}) filter (where ${dealHistory.kind} = 'delivery') as first_delivery from ${dealHistory} where ${dealHistory.projectId} = ${projects.id}) d`,
        sql`d.held is not null and d.first_delivery is not null`,
      )
      .where(and(inArray(projects.finisherId, ids), projectIsCompletedDeal(projects)))
      .groupBy(projects.finisherId),
  ]);
  for (const f of finishers) {
    const rating = ratings.find((r) => r.id === f.id);
    const done = completed.find((c) => c.id === f.id);
    const delivery = deliveries.find((d) => d.id === f.id);
    records.set(f.id, {
      averageRating: rating?.average === null || rating?.average === undefined ? null : Math.round(Number(rating.average) * 10) / 10,
      reviewCount: rating?.total ?? 0,
      completedProjects: done?.total ?? 0,
      onTimeRate: delivery && delivery.delivered > 0 ? Math.round((Number(delivery.onTime) / delivery.delivered) * 100) : null,
      memberSince: f.createdAt.toISOString(),
    });
  }
  return records;
}
