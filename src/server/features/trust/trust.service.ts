import { eq, sql } from 'drizzle-orm';
import type { DisputeTally, TrustRecord } from '#shared/contracts/trust.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { sqlList } from '#server/db/sql-list.js';
import { bids } from '#server/db/schema/bids.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { disputes } from '#server/db/schema/disputes.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { ratingOf } from '#server/db/ratings.js';
import { finisherDealRecord } from '#server/features/bids/bids.service.js';
import { withEffectiveRole } from '#server/plugins/session.js';

const HOUR_MS = 3_600_000;

/** How disputes on the person's deals ended, from one side: `side` names the projects column the person sits in. */
function disputeTally(side: 'finisher_id' | 'submitter_id', userId: number) {
  // The finisher won when the settlement gave them the whole disputed amount; the owner, when it gave nothing.
  const finisherWon = sql.raw(`d.finisher_amount_cents = d.disputed_cents`);
  const ownerWon = sql.raw(`d.finisher_amount_cents = 0`);
  const [won, lost] = side === 'finisher_id' ? [finisherWon, ownerWon] : [ownerWon, finisherWon];
  return sql<string>`(select json_build_object(
      'total', count(*),
      'open', count(*) filter (where d.status <> 'settled'),
      'won', count(*) filter (where d.status = 'settled' and ${won}),
      'lost', count(*) filter (where d.status = 'settled' and ${lost}),
      'split', count(*) filter (where d.status = 'settled' and not (${won}) and not (${lost}))
    )::text from ${disputes} d join ${projects} p on p.id = d.project_id where p.${sql.raw(side)} = ${userId})`;
}

const parseTally = (text: string): DisputeTally => JSON.parse(text) as DisputeTally;

const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null);

/**
 * The facts Finishline records about a person (issue 30, item 7), for anyone: the ground of every
 * badge (shared/domain/badges.ts). Operators keep the platform and are no party to deals: 404.
 */
export async function getTrustRecord(ctx: AppContext, userId: number): Promise<TrustRecord> {
  const window = ctx.config.deal.paymentWindowMs;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      user: users,
      // Revealed reviews alone, through the one rating rule (db/ratings.ts, decision 059).
      ratingAverage: ratingOf(sql`${userId}`).average,
      ratingCount: ratingOf(sql`${userId}`).count,
      finisherDisputes: disputeTally('finisher_id', userId),
      ownerDisputes: disputeTally('submitter_id', userId),
      projectsPosted: sql<number>`(select count(*)::int from ${projects} p where p.submitter_id = ${userId})`,
      // Hired: a bid accepted and not lapsed (decision 037), so the project became a deal.
      projectsHired: sql<number>`(select count(*)::int from ${projects} p where p.submitter_id = ${userId}
        and exists (select 1 from ${bids} b where b.project_id = p.id and b.status in ${sqlList(winningBidStatuses)}))`,
      // Accepted bids and the first payment held for each (a change order's payments are not the deal's).
      dealsPaid: sql<number>`(select count(*)::int from ${bids} b join ${projects} p on p.id = b.project_id
        where p.submitter_id = ${userId} and b.accepted_at is not null
        and exists (select 1 from ${payments} pay where pay.bid_id = b.id and pay.change_order_id is null and pay.held_at is not null))`,
      // Decision 037: paid on time when held within the payment window; counted once the window ended or the bid was paid.
      paidOnTime: sql<number>`(select count(*)::int from ${bids} b join ${projects} p on p.id = b.project_id
        where p.submitter_id = ${userId} and b.accepted_at is not null
        and exists (select 1 from ${payments} pay where pay.bid_id = b.id and pay.change_order_id is null and pay.held_at is not null
          and pay.held_at <= b.accepted_at + ${window} * interval '1 millisecond'))`,
      paymentWindowsDecided: sql<number>`(select count(*)::int from ${bids} b join ${projects} p on p.id = b.project_id
        where p.submitter_id = ${userId} and b.accepted_at is not null
        and (b.accepted_at + ${window} * interval '1 millisecond' <= ${now.toISOString()}::timestamptz
          or exists (select 1 from ${payments} pay where pay.bid_id = b.id and pay.change_order_id is null and pay.held_at is not null)))`,
      // From each delivery to the owner's next decision on the deal (the next in the history's order): a revision request or an acceptance
      // (an automatic acceptance is the review window running out, so it counts at its end).
      medianReviewMs: sql<string | null>`(select (percentile_cont(0.5) within group (order by extract(epoch from x.decided - x.delivered) * 1000))::text
        from (select h.at as delivered, (select min(h2.at) from ${dealHistory} h2 where h2.project_id = h.project_id and h2.id > h.id
                and h2.kind in ('revision_request', 'acceptance', 'auto_acceptance')) as decided
              from ${dealHistory} h join ${projects} p on p.id = h.project_id
              where p.submitter_id = ${userId} and h.kind = 'delivery') x
        where x.decided is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || withEffectiveRole(row.user, ctx.config.operatorEmails).role === 'operator') throw new AppError('NOT_FOUND', 'User not found');
  const { user } = row;
  const deals = await finisherDealRecord(ctx, user);
  return {
    userId: user.id,
    username: user.username,
    emailVerified: user.emailVerifiedAt !== null,
    payoutVerified: user.stripeConnectAccountId !== null && user.onboardingComplete,
    memberSince: user.createdAt.toISOString(),
    asFinisher: {
      dealsCompleted: deals.completedProjects,
      onTimeRate: deals.onTimeRate,
      disputes: parseTally(row.finisherDisputes),
      rating: row.ratingAverage === null ? null : Math.round(Number(row.ratingAverage) * 10) / 10,
      reviewCount: row.ratingCount,
    },
    asOwner: {
      dealsPaid: row.dealsPaid,
      paidOnTimeRate: percent(row.paidOnTime, row.paymentWindowsDecided),
      medianReviewHours: row.medianReviewMs === null ? null : Math.round((Number(row.medianReviewMs) / HOUR_MS) * 10) / 10,
      hireRate: percent(row.projectsHired, row.projectsPosted),
      disputes: parseTally(row.ownerDisputes),
      projectsPosted: row.projectsPosted,
    },
  };
}
