import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { paidPaymentStatuses, type PaymentStatus } from '#shared/domain/payment-status.js';
import { sqlList } from './sql-list.js';
import { bids } from './schema/bids.js';
import { payments } from './schema/payments.js';

/** "table"."column": drizzle leaves columns bare in a one-table query, where a subquery would read them as its own. */
/** A column named with its table, for a subquery inside a select whose own columns drizzle leaves unqualified. */
export const qualified = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * Whether a project is paid (paidPaymentStatuses), as SQL: its winning bid (one row, through the
 * bids_one_winner_per_project_key index) has its own payment (not a change order's) held or released
 * (one row by the partial payments_bid_key). The
 * one place the database answers "paid": the project list, the project page and the locks use it.
 * The statuses are written into the statement, so the planner sees them.
 *
 * A scalar subquery, not EXISTS: PostgreSQL may plan an EXISTS in the select list as a hashed
 * subplan, which reads every winning bid and payment in the table on each request (16,000 rows at
 * 100k projects) to answer 50 rows; a scalar subquery always runs per row, as two index lookups.
 */
export function projectIsPaid(projectId: PgColumn, statuses: readonly PaymentStatus[] = paidPaymentStatuses): SQL<boolean> {
  return sql<boolean>`coalesce((select true from ${bids} inner join ${payments} on ${qualified(payments.bidId)} = ${qualified(bids.id)} where ${qualified(bids.projectId)} = ${qualified(projectId)} and ${qualified(bids.status)} in ${sqlList(winningBidStatuses)} and ${qualified(payments.changeOrderId)} is null and ${qualified(payments.status)} in ${sqlList(statuses)} limit 1), false)`;
}

/**
 * A completed deal, as SQL (issue 26): the work was accepted (even on a project marked cancelled
 * afterwards, decision 027) and the money came. Work accepted with nothing paid is nobody's record.
 */
export function projectIsCompletedDeal(project: { id: PgColumn; acceptedAt: PgColumn }): SQL<boolean> {
  return sql<boolean>`(${qualified(project.acceptedAt)} is not null and ${projectIsPaid(project.id)})`;
}
