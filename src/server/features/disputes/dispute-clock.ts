import { and, desc, eq, not } from 'drizzle-orm';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { disputeOffers, disputes } from '#server/db/schema/disputes.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import type { DealTimer } from '#shared/domain/deal-timer-job.js';
import { escalateIn, partiesOf, settleDisputeIn } from './dispute-steps.js';

/**
 * A dispute's two timers (rule 4), fired by the deal sweeper with the project locked. Each acts only
 * if the dispute is still where the timer found it (opened at its anchor, still negotiating):
 * - dispute_response_due: the other side never responded: it settles at the opener's latest offer
 *   (dispute_response_reminder tells them before, DEAL_REMINDERS ahead);
 * - dispute_negotiation_due: no agreement in the window: it goes to the operator.
 */
export async function fireDisputeTimer(ctx: AppContext, tx: Tx, record: RecordEvent, project: ProjectRow, timer: DealTimer): Promise<void> {
  const [dispute] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.projectId, project.id), not(eq(disputes.status, 'settled'))))
    .for('update')
    .limit(1);
  if (!dispute || dispute.status !== 'negotiating' || dispute.openedAt.getTime() !== timer.anchorAt.getTime()) return;
  if (timer.kind === 'dispute_negotiation_due') {
    await escalateIn(ctx, tx, record, dispute, project, null);
    return;
  }
  if (dispute.respondedAt !== null) return;
  if (timer.kind === 'dispute_response_reminder') {
    const recipientId = dispute.openedBy === 'owner' ? project.finisherId! : project.submitterId;
    await record({
      type: 'deal.reminder',
      step: 'dispute',
      recipientId,
      dueAt: timer.deadlineAt.toISOString(),
      disputeId: dispute.id,
      ...partiesOf(project),
    });
    return;
  }
  const [offer] = await tx
    .select({ amount: disputeOffers.finisherAmountCents })
    .from(disputeOffers)
    .where(and(eq(disputeOffers.disputeId, dispute.id), eq(disputeOffers.side, dispute.openedBy)))
    .orderBy(desc(disputeOffers.id))
    .limit(1);
  await settleDisputeIn(ctx, tx, record, dispute, project, { settlement: 'silence', finisherAmountCents: offer!.amount, by: 'system' });
}
