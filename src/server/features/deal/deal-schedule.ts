import { and, eq } from 'drizzle-orm';
import { deliveryDeadline, reviewDeadline } from '#shared/domain/deal.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { milestones } from '#server/db/schema/milestones.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { addHistory } from './deal-history.js';
import { cancelDeadline, scheduleDeadline } from './deal-timers.js';

/**
 * The deal clock listens to the deal's events, in their transactions: each step is written to the
 * history, and starts or stops the deadlines it calls for (decision 027).
 */
export function registerDealClock(events: DomainEvents, ctx: Pick<AppContext, 'config' | 'clock'>): void {
  const at = () => ctx.clock.now();

  events.onRecord('payment.received', async (e, tx) => {
    await addHistory(tx, { projectId: e.projectId, kind: 'payment_held', by: 'owner', amountCents: e.amountCents, at: at() });
    const [row] = await tx
      .select({ heldAt: payments.heldAt, timelineDays: bids.timelineDays, status: projects.status, completedAt: projects.completedAt })
      .from(payments)
      .innerJoin(bids, eq(bids.id, payments.bidId))
      .innerJoin(projects, eq(projects.id, bids.projectId))
      .where(and(eq(bids.projectId, e.projectId), eq(payments.status, 'held')))
      .limit(1);
    if (!row?.heldAt) return;
    const dueAt = deliveryDeadline(row.heldAt, row.timelineDays, ctx.config.deal.deliveryGraceMs);
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

  events.onRecord('work.delivered', async (e, tx) => {
    const details = e.evidence?.length ? { evidence: e.evidence } : null;
    await addHistory(tx, { projectId: e.projectId, kind: 'delivery', by: 'finisher', message: e.message, details, at: at() });
    // A new delivery restarts the window.
    await cancelDeadline(tx, e.projectId, 'review_due');
    if (!e.reviewDueAt) return;
    const [project] = await tx.select({ completedAt: projects.completedAt }).from(projects).where(eq(projects.id, e.projectId)).limit(1);
    await scheduleDeadline(tx, ctx, { kind: 'review_due', projectId: e.projectId, anchorAt: project!.completedAt!, dueAt: new Date(e.reviewDueAt) });
  });

  events.onRecord('revision.requested', async (e, tx) => {
    const details = e.unmetCriteria?.length ? { unmetCriteria: e.unmetCriteria } : null;
    await addHistory(tx, { projectId: e.projectId, kind: 'revision_request', by: 'owner', message: e.reason, details, at: at() });
    await cancelDeadline(tx, e.projectId, 'review_due');
  });

  events.onRecord('work.accepted', async (e, tx) => {
    await addHistory(tx, { projectId: e.projectId, kind: e.automatic ? 'auto_acceptance' : 'acceptance', by: e.automatic ? 'system' : 'owner', at: at() });
    await cancelDeadline(tx, e.projectId, 'review_due');
  });

  events.onRecord('milestone.completed', async (e, tx) => {
    const milestone = { milestoneId: e.milestoneId, milestoneTitle: e.milestoneTitle };
    await addHistory(tx, { projectId: e.projectId, kind: 'milestone_delivery', by: 'finisher', message: e.note, ...milestone, at: at() });
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
  events.onRecord('payout.released', (e, tx) => addHistory(tx, { projectId: e.projectId, kind: 'payout', by: 'system', amountCents: e.amountCents, at: at() }));
}
