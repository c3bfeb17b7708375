import { and, eq, isNull } from 'drizzle-orm';
import { deliveryDeadline, reviewDeadline } from '#shared/domain/deal.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { acceptedExtraDays } from '#server/domain/deal-facts.js';
import { bids } from '#server/db/schema/bids.js';
import { milestones } from '#server/db/schema/milestones.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { addHistory } from './deal-history.js';
import { cancelDeadline, scheduleDeadline } from './deal-timers.js';
import { hasDelivery } from './deal-timer-jobs.js';
import { armPaymentWindow } from './payment-window.js';

/**
 * Moves the pending delivery deadline to the deal's timeline as it now stands (the bid's days plus
 * every accepted change order's), in the caller's transaction. Only while the first delivery is
 * awaited on held money: after it there is no delivery deadline left to move. The anchor stays the
 * payment's held_at, so the sweeper's check of the anchor still holds; reminders already past are not sent again.
 */
async function rearmDeliveryDeadline(tx: Tx, ctx: Pick<AppContext, 'config' | 'clock'>, projectId: number): Promise<void> {
  const [row] = await tx
    .select({ heldAt: payments.heldAt, updatedAt: payments.updatedAt, timelineDays: bids.timelineDays, status: projects.status })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(bids.projectId, projectId), eq(payments.status, 'held'), isNull(payments.changeOrderId)))
    .limit(1);
  if (!row || (row.status !== 'assigned' && row.status !== 'in_progress') || (await hasDelivery(tx, projectId))) return;
  const heldAt = row.heldAt ?? row.updatedAt;
  const dueAt = deliveryDeadline(heldAt, row.timelineDays + (await acceptedExtraDays(tx, projectId)), ctx.config.deal.deliveryGraceMs);
  await cancelDeadline(tx, projectId, 'delivery_due');
  await scheduleDeadline(tx, ctx, { kind: 'delivery_due', projectId, anchorAt: heldAt, dueAt, remindAfter: ctx.clock.now() });
}

/**
 * The deal clock listens to the deal's events, in their transactions: each step is written to the
 * history, and starts or stops the deadlines it calls for (decision 027).
 */
export function registerDealClock(events: DomainEvents, ctx: Pick<AppContext, 'config' | 'clock'>): void {
  const at = () => ctx.clock.now();

  // Decision 037: an accepted bid has DEAL_PAYMENT_WINDOW to be paid; the payment (or a cancellation) disarms it.
  events.onRecord('bid.accepted', async (e, tx) => {
    const [bid] = await tx.select({ acceptedAt: bids.acceptedAt }).from(bids).where(eq(bids.id, e.bidId)).limit(1);
    if (bid?.acceptedAt) await armPaymentWindow(tx, ctx, { projectId: e.projectId, acceptedAt: bid.acceptedAt });
  });
  events.onRecord('project.status_changed', async (e, tx) => {
    if (e.to === 'cancelled') await cancelDeadline(tx, e.projectId, 'payment_due');
  });
  events.onRecord('bid.lapsed', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'payment_lapsed', by: 'system', amountCents: e.amountCents, at: at() }),
  );

  events.onRecord('payment.received', async (e, tx) => {
    await cancelDeadline(tx, e.projectId, 'payment_due');
    await addHistory(tx, { projectId: e.projectId, kind: 'payment_held', by: 'owner', amountCents: e.amountCents, at: at() });
    const [row] = await tx
      .select({ heldAt: payments.heldAt, timelineDays: bids.timelineDays, status: projects.status, completedAt: projects.completedAt })
      .from(payments)
      .innerJoin(bids, eq(bids.id, payments.bidId))
      .innerJoin(projects, eq(projects.id, bids.projectId))
      .where(and(eq(bids.projectId, e.projectId), eq(payments.status, 'held'), isNull(payments.changeOrderId)))
      .limit(1);
    if (!row?.heldAt) return;
    const timelineDays = row.timelineDays + (await acceptedExtraDays(tx, e.projectId));
    const dueAt = deliveryDeadline(row.heldAt, timelineDays, ctx.config.deal.deliveryGraceMs);
    await scheduleDeadline(tx, ctx, { kind: 'delivery_due', projectId: e.projectId, anchorAt: row.heldAt, dueAt });
    // Work (or milestones) delivered before the payment arrived: their review windows start now.
    const reviewDueAt = reviewDeadline(row.heldAt, ctx.config.deal.reviewWindowMs);
    if (row.status === 'completed' && row.completedAt) {
      await scheduleDeadline(tx, ctx, { kind: 'review_due', projectId: e.projectId, anchorAt: row.completedAt, dueAt: reviewDueAt });
    }
    const delivered = await tx
      .select({ id: milestones.id, completedAt: milestones.completedAt })
      .from(milestones)
      .where(and(eq(milestones.projectId, e.projectId), eq(milestones.status, 'completed')));
    for (const milestone of delivered) {
      if (!milestone.completedAt) continue;
      const deadline = {
        kind: 'milestone_review_due',
        projectId: e.projectId,
        milestoneId: milestone.id,
        anchorAt: milestone.completedAt,
        dueAt: reviewDueAt,
      } as const;
      await scheduleDeadline(tx, ctx, deadline);
    }
  });

  // Change orders (decision 034): each step is history; an accepted one's extra days move the delivery deadline.
  events.onRecord('change_order.proposed', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'change_order_proposed', by: e.side, message: e.description, amountCents: e.amountCents, at: at() }),
  );
  events.onRecord('change_order.declined', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'change_order_declined', by: e.side, at: at() }));
  events.onRecord('change_order.withdrawn', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'change_order_withdrawn', by: e.side, at: at() }));
  events.onRecord('change_order.paid', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'change_order_paid', by: 'owner', amountCents: e.amountCents, at: at() }),
  );
  events.onRecord('change_order.accepted', async (e, tx) => {
    await addHistory(tx, { projectId: e.projectId, kind: 'change_order_accepted', by: e.side, amountCents: e.amountCents, at: at() });
    if (e.extraDays > 0) await rearmDeliveryDeadline(tx, ctx, e.projectId);
  });

  events.onRecord('work.delivered', async (e, tx) => {
    const details =
      e.evidence?.length || e.files?.length
        ? { ...(e.evidence?.length ? { evidence: e.evidence } : {}), ...(e.files?.length ? { files: e.files } : {}) }
        : null;
    await addHistory(tx, { projectId: e.projectId, kind: 'delivery', by: 'finisher', message: e.message, details, at: at() });
    // A new delivery restarts the window.
    await cancelDeadline(tx, e.projectId, 'review_due');
    if (!e.reviewDueAt) return;
    const [project] = await tx.select({ completedAt: projects.completedAt }).from(projects).where(eq(projects.id, e.projectId)).limit(1);
    await scheduleDeadline(tx, ctx, { kind: 'review_due', projectId: e.projectId, anchorAt: project!.completedAt!, dueAt: new Date(e.reviewDueAt) });
  });

  events.onRecord('revision.requested', async (e, tx) => {
    const details = e.unmetCriteria?.length
      ? { unmetCriteria: e.unmetCriteria.map((c) => c.id), unmetCriteriaTexts: e.unmetCriteria.map((c) => c.text) }
      : null;
    await addHistory(tx, { projectId: e.projectId, kind: 'revision_request', by: 'owner', message: e.reason, details, at: at() });
    await cancelDeadline(tx, e.projectId, 'review_due');
  });

  events.onRecord('work.accepted', async (e, tx) => {
    await addHistory(tx, { projectId: e.projectId, kind: e.automatic ? 'auto_acceptance' : 'acceptance', by: e.automatic ? 'system' : 'owner', at: at() });
    await cancelDeadline(tx, e.projectId, 'review_due');
  });

  events.onRecord('milestone.completed', async (e, tx) => {
    const milestone = { milestoneId: e.milestoneId, milestoneTitle: e.milestoneTitle };
    const details = e.files?.length ? { files: e.files } : null;
    await addHistory(tx, { projectId: e.projectId, kind: 'milestone_delivery', by: 'finisher', message: e.note, ...milestone, details, at: at() });
    await cancelDeadline(tx, e.projectId, 'milestone_review_due', e.milestoneId);
    if (!e.reviewDueAt) return;
    const [row] = await tx.select({ completedAt: milestones.completedAt }).from(milestones).where(eq(milestones.id, e.milestoneId)).limit(1);
    await scheduleDeadline(tx, ctx, {
      kind: 'milestone_review_due',
      projectId: e.projectId,
      milestoneId: e.milestoneId,
      anchorAt: row!.completedAt!,
      dueAt: new Date(e.reviewDueAt),
    });
  });

  events.onRecord('milestone.sent_back', async (e, tx) => {
    const milestone = { milestoneId: e.milestoneId, milestoneTitle: e.milestoneTitle };
    await addHistory(tx, { projectId: e.projectId, kind: 'milestone_revision_request', by: 'owner', message: e.feedback, ...milestone, at: at() });
    await cancelDeadline(tx, e.projectId, 'milestone_review_due', e.milestoneId);
  });

  events.onRecord('milestone.approved', async (e, tx) => {
    const milestone = { milestoneId: e.milestoneId, milestoneTitle: e.milestoneTitle };
    const entry = e.automatic ? ({ kind: 'milestone_auto_approval', by: 'system' } as const) : ({ kind: 'milestone_approval', by: 'owner' } as const);
    await addHistory(tx, { projectId: e.projectId, ...entry, ...milestone, at: at() });
    await cancelDeadline(tx, e.projectId, 'milestone_review_due', e.milestoneId);
  });

  // Issue 29: the finisher's push access and a pull request closed unmerged are steps of the deal.
  events.onRecord('repository.access_changed', (e, tx) =>
    addHistory(tx, {
      projectId: e.projectId,
      kind: `repository_access_${e.status}`,
      by: 'system',
      message: e.withdrewInvitation ? 'The pending invitation to the repository was withdrawn' : null,
      at: at(),
    }),
  );
  events.onRecord('pull_request.closed', (e, tx) =>
    addHistory(tx, {
      projectId: e.projectId,
      kind: 'pull_request_closed',
      by: 'system',
      message: `Pull request #${e.number} was closed without merging`,
      at: at(),
    }),
  );
  events.onRecord('delivery.deadline_passed', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'deadline_passed', by: 'system', at: at() }));
  events.onRecord('cancellation.requested', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'cancellation_request', by: 'owner', amountCents: e.refundCents, at: at() }),
  );
  events.onRecord('cancellation.refunding', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'cancelled_after_deadline', by: 'owner', amountCents: e.refundCents, at: at() }),
  );
  events.onRecord('cancellation.agreed', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'cancellation_agreed', by: 'finisher', at: at() }));
  events.onRecord('cancellation.objected', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'cancellation_objected', by: 'finisher', message: e.reason, at: at() }),
  );
  events.onRecord('cancellation.timed_out', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'cancellation_timed_out', by: 'system', at: at() }));
  events.onRecord('payment.refunded', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'refund', by: 'system', amountCents: e.amountCents, at: at() }),
  );
  events.onRecord('payment.arrived_late', (e, tx) =>
    addHistory(tx, { projectId: e.projectId, kind: 'refund', by: 'system', amountCents: e.amountCents, at: at() }),
  );
  // A milestone's payout names it, so the history shows each release beside its approval.
  events.onRecord('payout.released', (e, tx) =>
    addHistory(tx, {
      projectId: e.projectId,
      kind: 'payout',
      by: 'system',
      amountCents: e.amountCents,
      ...(e.source?.kind === 'milestone' ? { milestoneId: e.source.id, milestoneTitle: e.source.title } : {}),
      at: at(),
    }),
  );
}
