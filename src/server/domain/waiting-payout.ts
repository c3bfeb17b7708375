import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { splitPayment } from '#shared/domain/money.js';
import type { DbOrTx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { milestones } from '#server/db/schema/milestones.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

/**
 * What the finisher is owed now: accepted work's held money less the fee (the deal's own payment and
 * its change orders'), or before acceptance the approved milestones not yet paid out; and whether a
 * payout account can receive it (issue 28, item 2). Here, below the features, so the acceptance,
 * the milestones and the deal page say the same amount. A payment under a chargeback is left out:
 * its payout waits for the bank, not for the account.
 */
interface DuePayout {
  amountCents: number;
  isAccountReady: boolean;
}

export async function findDuePayout(db: Pick<DbOrTx, 'select'>, projectId: number, finisherId: number): Promise<DuePayout> {
  const [finisher] = await db
    .select({ onboardingComplete: users.onboardingComplete, accountId: users.stripeConnectAccountId })
    .from(users)
    .where(eq(users.id, finisherId))
    .limit(1);
  const isAccountReady = Boolean(finisher?.onboardingComplete && finisher.accountId);
  const [project] = await db.select({ acceptedAt: projects.acceptedAt }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return { amountCents: 0, isAccountReady };
  if (project.acceptedAt === null) {
    const approved = await db
      .select({ amountCents: milestones.amountCents })
      .from(milestones)
      .innerJoin(bids, and(eq(bids.projectId, milestones.projectId), inArray(bids.status, [...winningBidStatuses])))
      .innerJoin(payments, and(eq(payments.bidId, bids.id), isNull(payments.changeOrderId), eq(payments.status, 'held')))
      .where(and(eq(milestones.projectId, projectId), eq(milestones.status, 'approved'), isNull(milestones.releasedAt)));
    return { amountCents: approved.reduce((sum, m) => sum + splitPayment(m.amountCents).developerAmountCents, 0), isAccountReady };
  }
  const held = await db
    .select({ developerAmountCents: payments.developerAmountCents, releasedCents: payments.releasedCents, cardDisputeStatus: payments.cardDisputeStatus })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .leftJoin(changeOrders, eq(changeOrders.id, payments.changeOrderId))
    .where(
      and(
        eq(bids.projectId, projectId),
        eq(payments.status, 'held'),
        or(and(isNull(payments.changeOrderId), inArray(bids.status, [...winningBidStatuses])), eq(changeOrders.projectId, projectId)),
      ),
    );
  const amountCents = held.filter((p) => p.cardDisputeStatus !== 'open').reduce((sum, p) => sum + Math.max(0, p.developerAmountCents - p.releasedCents), 0);
  return { amountCents, isAccountReady };
}
