import { and, eq, gte, sql } from 'drizzle-orm';
import type { Earnings, FinisherEarnings, OwnerSpending } from '#shared/contracts/earnings.js';
import { type LedgerEntryKind, type LedgerTotals, ledgerTotals } from '#shared/domain/ledger.js';
import { isFinisher } from '#shared/domain/roles.js';
import { DEFAULT_TIME_ZONE } from '#shared/domain/time-zone.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { sumCents } from '#server/db/cents.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { findDuePayout } from '#server/domain/waiting-payout.js';
import { isUnknownTimeZone } from './statement.js';

const MONTHS = 12;

/** 'YYYY-MM' of the last `count` months in `timeZone`, oldest first, the month of `now` last. */
export function lastMonths(now: Date, timeZone: string, count = MONTHS): string[] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now).map((part) => [part.type, part.value]),
  );
  const current = Number(parts.year) * 12 + Number(parts.month) - 1;
  return Array.from({ length: count }, (_, i) => {
    const index = current - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

interface KindSum {
  kind: LedgerEntryKind;
  amountCents: number;
}

/** The person's sums per kind, all time, on their side of the ledger (one index range). */
async function sumsByKind(db: DbOrTx, side: 'owner' | 'finisher', userId: number): Promise<KindSum[]> {
  const column = side === 'owner' ? ledgerEntries.ownerId : ledgerEntries.finisherId;
  return db
    .select({ kind: ledgerEntries.kind, amountCents: sumCents(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(eq(column, userId))
    .groupBy(ledgerEntries.kind);
}

/** The same per month of `timeZone` since the first day of `firstMonth` there. */
async function sumsByMonth(db: DbOrTx, side: 'owner' | 'finisher', userId: number, firstMonth: string, timeZone: string) {
  const column = side === 'owner' ? ledgerEntries.ownerId : ledgerEntries.finisherId;
  const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return (
    db
      .select({ month, kind: ledgerEntries.kind, amountCents: sumCents(ledgerEntries.amountCents) })
      .from(ledgerEntries)
      .where(and(eq(column, userId), gte(ledgerEntries.createdAt, sql`(${`${firstMonth}-01`}::timestamp at time zone ${timeZone})`)))
      // By position: the zone is a parameter, so the select's month and a repeated one would differ.
      .groupBy(sql`1`, sql`2`)
  );
}

/** Each month's totals (zeros for a month without entries), oldest first. */
async function monthlyTotals(ctx: AppContext, side: 'owner' | 'finisher', user: UserRow, timeZone: string): Promise<{ month: string; totals: LedgerTotals }[]> {
  const months = lastMonths(ctx.clock.now(), timeZone);
  const rows = await sumsByMonth(ctx.db, side, user.id, months[0]!, timeZone);
  return months.map((month) => ({ month, totals: ledgerTotals(rows.filter((row) => row.month === month)) }));
}

/** Money due to the finisher now that waits for their payout account, over their deals still holding money. */
async function pendingPayoutCents(ctx: AppContext, finisherId: number): Promise<number> {
  const perProject = await ctx.db
    .select({ projectId: ledgerEntries.projectId, kind: ledgerEntries.kind, amountCents: sumCents(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.finisherId, finisherId))
    .groupBy(ledgerEntries.projectId, ledgerEntries.kind);
  const holding = [...new Set(perProject.map((row) => row.projectId))].filter(
    (projectId) => ledgerTotals(perProject.filter((row) => row.projectId === projectId)).heldCents > 0,
  );
  let cents = 0;
  for (const projectId of holding) {
    const due = await findDuePayout(ctx.db, projectId, finisherId);
    // With an account the payout goes at once: nothing waits for it.
    if (!due.isAccountReady) cents += due.amountCents;
  }
  return cents;
}

async function finisherEarnings(ctx: AppContext, user: UserRow, timeZone: string): Promise<FinisherEarnings> {
  const totals = ledgerTotals(await sumsByKind(ctx.db, 'finisher', user.id));
  const hasPayoutAccount = Boolean(user.onboardingComplete && user.stripeConnectAccountId);
  const pendingCents = hasPayoutAccount ? 0 : await pendingPayoutCents(ctx, user.id);
  const months = await monthlyTotals(ctx, 'finisher', user, timeZone);
  return {
    role: 'finisher',
    timeZone,
    totals: { heldCents: totals.heldCents, releasedCents: totals.releasedCents, pendingPayoutCents: pendingCents, feeCents: totals.feeCents },
    hasPayoutAccount,
    months: months.map(({ month, totals: m }) => ({ month, paidCents: m.paidCents, releasedCents: m.releasedCents, feeCents: m.feeCents })),
  };
}

async function ownerSpending(ctx: AppContext, user: UserRow, timeZone: string): Promise<OwnerSpending> {
  const totals = ledgerTotals(await sumsByKind(ctx.db, 'owner', user.id));
  const months = await monthlyTotals(ctx, 'owner', user, timeZone);
  return {
    role: 'owner',
    timeZone,
    totals: {
      paidCents: totals.paidCents,
      refundedCents: totals.refundedCents,
      netCents: totals.paidCents - totals.refundedCents,
      heldCents: totals.heldCents,
    },
    months: months.map(({ month, totals: m }) => ({ month, paidCents: m.paidCents, refundedCents: m.refundedCents, netCents: m.paidCents - m.refundedCents })),
  };
}

/**
 * GET /api/users/{id}/earnings (self): a finisher's earnings or an owner's spending, from the
 * ledger alone, with the last 12 months in the person's own time zone (decision 048).
 */
export async function readEarnings(ctx: AppContext, actor: UserRow, userId: number): Promise<Earnings> {
  requireAccess(actor, 'readOwnEarnings', userId);
  const read = (timeZone: string) => (isFinisher(actor.role) ? finisherEarnings(ctx, actor, timeZone) : ownerSpending(ctx, actor, timeZone));
  try {
    return await read(actor.timeZone);
  } catch (error) {
    // A zone Intl knows and the database does not: the months are counted in UTC instead of failing.
    if (!isUnknownTimeZone(error) || actor.timeZone === DEFAULT_TIME_ZONE) throw error;
    return read(DEFAULT_TIME_ZONE);
  }
}
