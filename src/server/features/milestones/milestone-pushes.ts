import type { DomainEvents } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';

/** The milestone live events of spec section 7, pushed to the other party once the step is committed. */
export function registerMilestonePushes(events: DomainEvents, live: LivePublisher): void {
  events.onCommit('milestone.added', (e) =>
    live.publish(e.finisherId, { type: 'new_milestone', milestone: { id: e.milestoneId, title: e.milestoneTitle, projectId: e.projectId } }),
  );
  events.onCommit('milestone.completed', (e) =>
    live.publish(e.ownerId, { type: 'milestone_completed', milestone: { id: e.milestoneId, title: e.milestoneTitle, projectId: e.projectId } }),
  );
  events.onCommit('milestone.approved', (e) =>
    live.publish(e.finisherId, { type: 'milestone_approved', milestone: { id: e.milestoneId, title: e.milestoneTitle, projectId: e.projectId } }),
  );
}
