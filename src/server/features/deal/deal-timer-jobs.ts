import { and, eq, inArray } from 'drizzle-orm';
import { dealTimerKinds } from '#shared/domain/deal.js';
import { type DealTimerPayload, dealJobKind } from '#shared/domain/deal-timer-job.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { lockProject } from '#server/db/project-locks.js';
import { dealCancellations, dealHistory } from '#server/db/schema/deal.js';
import { defineJobKind } from '#server/jobs/job-queue.js';
import { milestones } from '#server/db/schema/milestones.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { approveMilestoneBySystem } from '#server/features/milestones/milestones.service.js';
import { acceptDelivery } from '#server/features/projects/projects.service.js';
import { lockHeldCents, lockHeldPayment } from './deal-money.js';
import { lapseBid, unpaidAcceptedBidOf } from './payment-window.js';
import { type DealTimer, dealTimerOf } from './deal-timers.js';

const sameMoment = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/**
 * Every deal timer kind as a durable job, 'deal.<timer kind>' (docs/decisions/042-durable-jobs.md):
 * the runner claims each due one once across instances and restarts and runs `fire` in the
 * transaction that marks it done. A timer that came due while no instance ran fires at the first
 * run after start; one whose effect fails is retried with backoff.
 */
export const dealTimerJobKinds = dealTimerKinds.map((kind) =>
  defineJobKind<DealTimerPayload>(dealJobKind(kind), ({ ctx, tx, record, job, now }) => fire(ctx, tx, record, dealTimerOf(job), now)),
);

/** Whether anything was delivered on the project: the work or one of its milestones. */
export async function hasDelivery(tx: Tx, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealHistory.id })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, projectId), inArray(dealHistory.kind, ['delivery', 'milestone_delivery'])))
    .limit(1);
  return row !== undefined;
}

/** Waiting for the finisher's first delivery on a paid project whose payment is this timer's anchor. */
async function awaitsFirstDelivery(tx: Tx, project: ProjectRow, timer: DealTimer): Promise<boolean> {
  if (project.status !== 'assigned' && project.status !== 'in_progress') return false;
  const payment = await lockHeldPayment(tx, project.id);
  return payment !== null && sameMoment(payment.heldAt, timer.anchorAt) && !(await hasDelivery(tx, project.id));
}

async function openCancellationOf(tx: Tx, project: ProjectRow, timer: DealTimer) {
  const [row] = await tx.select().from(dealCancellations).where(eq(dealCancellations.projectId, project.id)).for('update').limit(1);
  return row && row.outcome === 'open' && sameMoment(row.requestedAt, timer.anchorAt) ? row : null;
}

async function completedMilestoneOf(tx: Tx, timer: DealTimer) {
  if (timer.milestoneId === null) return null;
  const [row] = await tx.select().from(milestones).where(eq(milestones.id, timer.milestoneId)).for('update').limit(1);
  return row && row.status === 'completed' && sameMoment(row.completedAt, timer.anchorAt) ? row : null;
}

/**
 * One timer's effect, if the deal is still where the timer found it (its anchor matches): the same
 * path a person's step takes, recorded as the system's. Otherwise nothing.
 */
async function fire(ctx: AppContext, tx: Tx, record: RecordEvent, timer: DealTimer, now: Date): Promise<void> {
  const project = await lockProject(tx, timer.projectId);
  if (project.finisherId === null) return;
  const parties = { projectId: project.id, projectName: project.name, ownerId: project.submitterId, finisherId: project.finisherId };
  const deadline = timer.deadlineAt.toISOString();
  switch (timer.kind) {
    case 'review_due':
    case 'review_reminder': {
      if (project.status !== 'completed' || !sameMoment(project.completedAt, timer.anchorAt)) return;
      if (timer.kind === 'review_due') await acceptDelivery(tx, record, project, 'system', now);
      else await record({ type: 'deal.reminder', step: 'review', recipientId: project.submitterId, dueAt: deadline, ...parties });
      return;
    }
    case 'milestone_review_due':
    case 'milestone_review_reminder': {
      const milestone = await completedMilestoneOf(tx, timer);
      if (!milestone) return;
      if (timer.kind === 'milestone_review_due') await approveMilestoneBySystem(tx, record, project, milestone, now);
      else
        await record({
          type: 'deal.reminder',
          step: 'milestone_review',
          recipientId: project.submitterId,
          dueAt: deadline,
          milestoneTitle: milestone.title,
          ...parties,
        });
      return;
    }
    case 'delivery_due':
    case 'delivery_reminder': {
      if (!(await awaitsFirstDelivery(tx, project, timer))) return;
      if (timer.kind === 'delivery_due') await record({ type: 'delivery.deadline_passed', dueAt: deadline, ...parties });
      else {
        const graceMs = ctx.config.deal.deliveryGraceMs;
        await record({
          type: 'deal.reminder',
          step: 'delivery',
          recipientId: project.finisherId,
          dueAt: deadline,
          ...(graceMs > 0 ? { graceMs } : {}),
          ...parties,
        });
      }
      return;
    }
    case 'cancellation_due':
    case 'cancellation_reminder': {
      const cancellation = await openCancellationOf(tx, project, timer);
      if (!cancellation) return;
      if (timer.kind === 'cancellation_reminder') {
        await record({ type: 'deal.reminder', step: 'cancellation', recipientId: project.finisherId, dueAt: deadline, ...parties });
        return;
      }
      await tx.update(dealCancellations).set({ outcome: 'timed_out', respondedAt: now }).where(eq(dealCancellations.id, cancellation.id));
      await record({ type: 'cancellation.timed_out', refundCents: await lockHeldCents(tx, project.id), ...parties });
      return;
    }
    case 'payment_due':
    case 'payment_reminder': {
      // Decision 037: the owner did not pay the accepted bid in time.
      const bid = await unpaidAcceptedBidOf(tx, project, timer);
      if (!bid) return;
      if (timer.kind === 'payment_due') await lapseBid(tx, record, project, bid, now);
      else await record({ type: 'deal.reminder', step: 'payment', recipientId: project.submitterId, dueAt: deadline, ...parties });
      return;
    }
    case 'dispute_response_due':
    case 'dispute_response_reminder':
    case 'dispute_negotiation_due':
    case 'dispute_digest':
      // Disputes fires its own timers, from its handler in this transaction (decision 045).
      await record({ type: 'dispute.timer_due', projectId: project.id, timer, now });
      return;
  }
}
