import type { DomainEvents } from '../../events/domain-events.js';
import { createNotifications } from './notifications.service.js';

/**
 * Each deal event leaves a notification for the party it concerns, written in the same
 * transaction as the change. Types and relatedIds follow the Notifications page's destination
 * table: 'bid' opens /projects/{id}?tab=bids, 'project' opens /projects/{id}.
 */
export function registerNotificationWriters(events: DomainEvents): void {
  events.onRecord('bid.placed', (e, tx) =>
    createNotifications(tx, [
      { userId: e.ownerId, type: 'bid', title: 'New bid received', content: `${e.finisherUsername} placed a bid on "${e.projectName}".`, relatedId: e.projectId },
    ]),
  );
  events.onRecord('bid.accepted', (e, tx) =>
    createNotifications(tx, [
      { userId: e.finisherId, type: 'bid', title: 'Bid accepted', content: `Your bid on "${e.projectName}" was accepted.`, relatedId: e.projectId },
    ]),
  );
  events.onRecord('bid.rejected', (e, tx) =>
    createNotifications(tx, [
      { userId: e.finisherId, type: 'bid', title: 'Bid not selected', content: `Your bid on "${e.projectName}" was not selected.`, relatedId: e.projectId },
    ]),
  );
  events.onRecord('project.status_changed', (e, tx) =>
    createNotifications(
      tx,
      e.finisherId === null
        ? []
        : [{ userId: e.finisherId, type: 'project', title: 'Project status changed', content: `"${e.projectName}" is now ${e.to.replace('_', ' ')}.`, relatedId: e.projectId }],
    ),
  );
  events.onRecord('work.delivered', (e, tx) =>
    createNotifications(tx, [
      { userId: e.ownerId, type: 'project', title: 'Work delivered', content: `The work on "${e.projectName}" was delivered and is ready for your review.`, relatedId: e.projectId },
    ]),
  );
  events.onRecord('work.accepted', (e, tx) =>
    createNotifications(tx, [
      { userId: e.finisherId, type: 'project', title: 'Work accepted', content: `The client accepted your work on "${e.projectName}".`, relatedId: e.projectId },
    ]),
  );
  events.onRecord('revision.requested', (e, tx) =>
    createNotifications(tx, [
      { userId: e.finisherId, type: 'project', title: 'Revision requested', content: `The client requested a revision of "${e.projectName}".`, relatedId: e.projectId },
    ]),
  );
}
