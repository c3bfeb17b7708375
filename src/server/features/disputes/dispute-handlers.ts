import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.js';
import { lockProject } from '#server/db/project-locks.js';
import { users } from '#server/db/schema/users.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { fireDisputeTimer } from './dispute-clock.js';
import { fireDisputeDigest } from './dispute-pace.js';
import { openDisputeIn } from './dispute-steps.js';

/**
 * Disputes' part in the deal's steps, in the deal's transaction: the deal records an event where it
 * used to call in here, because disputes imports the deal (decision 045). app.ts registers it.
 */
export function registerDisputeHandlers(events: DomainEvents, ctx: AppContext): void {
  events.onRecord('cancellation.dispute_requested', async (e, tx, record) => {
    const project = await lockProject(tx, e.projectId);
    const [actor] = await tx.select().from(users).where(eq(users.id, e.actorId)).limit(1);
    await openDisputeIn(ctx, tx, record, project, actor!, { reason: e.reason, finisherAmountCents: e.finisherAmountCents });
  });
  events.onRecord('dispute.timer_due', async (e, tx, record) => {
    const project = await lockProject(tx, e.projectId);
    if (e.timer.kind === 'dispute_digest') await fireDisputeDigest(tx, record, project, e.timer, e.now);
    else await fireDisputeTimer(ctx, tx, record, project, e.timer);
  });
}
