import { and, eq, isNull } from 'drizzle-orm';
import type { LedgerAppend } from '#server/domain/ledger.js';
import { changeOrderNumberOf } from '#server/domain/money-sources.js';
import { splitPayment } from '#shared/domain/money.js';
import type { Tx } from './client.js';
import { bids } from './schema/bids.js';
import { changeOrders } from './schema/change-orders.js';
import { dealHistory } from './schema/deal.js';
import { payments } from './schema/payments.js';
import { projects } from './schema/projects.js';

/**
 * A demo change order (decision 034) on a deal under way: proposed by one party, accepted by the
 * other, and (when paid) its money held beside the deal's until the work is accepted.
 */
export interface DemoChangeOrder {
  proposedBy: 'owner' | 'finisher';
  description: string;
  amountCents: number;
  extraDays: number;
  proposedDaysAgo: number;
  acceptedDaysAgo: number;
  /** Paid this many days ago: a held payment of its own. */
  paidDaysAgo?: number;
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * Writes a demo change order as the change-order service and the payment webhook would have, with its
 * history; answers its payment's ledger append, for the seed to append with the demo's others.
 */
export async function seedChangeOrder(tx: Tx, projectId: number, demo: DemoChangeOrder): Promise<LedgerAppend[]> {
  const [row] = await tx
    .select({ project: projects, payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(bids.projectId, projectId), isNull(payments.changeOrderId)));
  const { project, payment } = row!;
  const proposerId = demo.proposedBy === 'owner' ? project.submitterId : project.finisherId!;
  const accepter = demo.proposedBy === 'owner' ? 'finisher' : 'owner';
  const [changeOrder] = await tx
    .insert(changeOrders)
    .values({
      projectId,
      bidId: payment.bidId,
      proposedBy: demo.proposedBy,
      proposerId,
      description: demo.description,
      amountCents: demo.amountCents,
      extraDays: demo.extraDays,
      status: 'accepted',
      createdAt: daysAgo(demo.proposedDaysAgo),
      decidedAt: daysAgo(demo.acceptedDaysAgo),
    })
    .returning({ id: changeOrders.id });
  const history: (typeof dealHistory.$inferInsert)[] = [
    {
      projectId,
      kind: 'change_order_proposed',
      by: demo.proposedBy,
      message: demo.description,
      amountCents: demo.amountCents,
      at: daysAgo(demo.proposedDaysAgo),
    },
    { projectId, kind: 'change_order_accepted', by: accepter, amountCents: demo.amountCents, at: daysAgo(demo.acceptedDaysAgo) },
  ];
  if (demo.paidDaysAgo !== undefined && demo.amountCents > 0) {
    const paidAt = daysAgo(demo.paidDaysAgo);
    const [changeOrderPayment] = await tx
      .insert(payments)
      .values({
        bidId: payment.bidId,
        changeOrderId: changeOrder!.id,
        ...splitPayment(demo.amountCents),
        status: 'held',
        heldAt: paidAt,
        paymentIntentId: `pi_demo_${projectId}_change_${changeOrder!.id}`,
        transferGroup: `project_${projectId}`,
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning();
    const parties = { projectId, ownerId: project.submitterId, finisherId: project.finisherId! };
    const note = `change order ${await changeOrderNumberOf(tx, projectId, changeOrder!.id)}`;
    history.push({ projectId, kind: 'change_order_paid', by: 'owner', amountCents: demo.amountCents, at: paidAt });
    await tx.insert(dealHistory).values(history);
    return [
      {
        paymentId: changeOrderPayment!.id,
        parties,
        at: paidAt,
        movements: [
          {
            kind: 'change_order_payment',
            amountCents: demo.amountCents,
            providerId: changeOrderPayment!.paymentIntentId,
            note,
            key: `paid:${changeOrderPayment!.id}`,
          },
        ],
      },
    ];
  }
  await tx.insert(dealHistory).values(history);
  return [];
}
