import { formatMoney } from '#shared/domain/money.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { registerChangeOrderNotifications } from './change-order-notifications.js';
import { registerDealClockNotifications } from './deal-clock-notifications.js';
import { previewOf } from './notification-text.js';
import { createNotifications, markMessageNotificationsRead, writeMessageNotification } from './notifications.service.js';

/**
 * Each deal event leaves a notification for the party it concerns, written in the same
 * transaction as the change. Types and relatedIds follow the Notifications page's destination
 * table: 'bid' opens /projects/{id}?tab=bids, 'project' opens /projects/{id}.
 */
export function registerNotificationWriters(events: DomainEvents): void {
  events.onRecord('bid.placed', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'bid',
        title: 'New bid received',
        content: `${e.finisherUsername} placed a bid on "${e.projectName}".`,
        relatedId: e.projectId,
      },
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
  events.onRecord('bid.edited', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'bid',
        title: 'Bid updated',
        content: `${e.finisherUsername} changed the ${e.changes.join(', ')} of their bid on "${e.projectName}".`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('bid.withdrawn', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'bid',
        title: 'Bid withdrawn',
        content: `${e.finisherUsername} withdrew their bid on "${e.projectName}".`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('bid.declined', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'bid',
        title: 'Bid declined',
        content: e.reason ? `Your bid on "${e.projectName}" was declined: ${previewOf(e.reason)}` : `Your bid on "${e.projectName}" was declined.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('project.status_changed', (e, tx) =>
    createNotifications(
      tx,
      e.finisherId === null
        ? []
        : [
            {
              userId: e.finisherId,
              type: 'project',
              title: 'Project status changed',
              content: `"${e.projectName}" is now ${e.to.replace('_', ' ')}.`,
              relatedId: e.projectId,
            },
          ],
    ),
  );
  events.onRecord('work.delivered', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Work delivered',
        content: `The work on "${e.projectName}" was delivered and is ready for your review.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('work.accepted', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Work accepted',
        content: e.automatic
          ? `Your work on "${e.projectName}" was accepted automatically: the review window passed without an answer.`
          : `The client accepted your work on "${e.projectName}".`,
        relatedId: e.projectId,
      },
      ...(e.automatic
        ? [
            {
              userId: e.ownerId,
              type: 'project' as const,
              title: 'Delivery accepted automatically',
              content: `The review window for "${e.projectName}" passed, so the delivery was accepted and the payout released.`,
              relatedId: e.projectId,
            },
          ]
        : []),
    ]),
  );
  events.onRecord('revision.requested', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Revision requested',
        content: `The client requested a revision of "${e.projectName}": ${previewOf(e.reason)}`,
        relatedId: e.projectId,
      },
    ]),
  );
  // 'message' opens /messages?messageId={relatedId}; one unread notification per conversation.
  // Conversations write it in the message's own statement once the conversation exists
  // (messageNotificationUpsert): this is the handler that statement covers.
  events.onRecord('message.sent', writeMessageNotification);
  // Reading a chat also clears the notifications its messages left, so the two badges agree.
  events.onRecord('conversation.read', (e, tx) => markMessageNotificationsRead(tx, e.readerId, e.messageIds));
  events.onRecord('payment.received', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Payment received',
        content: `Your payment for "${e.projectName}" is held safely until you accept the work.`,
        relatedId: e.projectId,
      },
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Payment secured',
        content: `The client paid for "${e.projectName}". The money is held until the work is accepted.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('payout.released', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Payout released',
        content: `Your payout for "${e.projectName}" is on its way to your account.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('payment.refunded', (e, tx) =>
    createNotifications(tx, [
      { userId: e.ownerId, type: 'project', title: 'Payment refunded', content: `Your payment for "${e.projectName}" was refunded.`, relatedId: e.projectId },
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Project cancelled',
        content: `"${e.projectName}" was cancelled and the client's payment refunded.`,
        relatedId: e.projectId,
      },
    ]),
  );
  // Money that arrived after its deal ended went straight back (decision 038): only the owner paid it.
  events.onRecord('payment.arrived_late', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Late payment refunded',
        content: `Your payment of ${formatMoney(e.amountCents)} for "${e.projectName}" arrived after the deal had ended, so it was refunded in full.`,
        relatedId: e.projectId,
      },
    ]),
  );
  // Milestone notifications open /projects/{id}?tab=milestones.
  events.onRecord('milestone.added', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'milestone',
        title: 'New Milestone Added',
        content: `"${e.milestoneTitle}" was added to "${e.projectName}".`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('milestone.completed', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'milestone_completed',
        title: 'Milestone Completed',
        content: `"${e.milestoneTitle}" of "${e.projectName}" is ready for your review.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('milestone.approved', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'milestone_approved',
        title: 'Milestone Approved',
        content: `"${e.milestoneTitle}" of "${e.projectName}" was approved.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('milestone.sent_back', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'milestone',
        title: 'Milestone sent back',
        content: `The client sent "${e.milestoneTitle}" of "${e.projectName}" back for more work.`,
        relatedId: e.projectId,
      },
    ]),
  );
  registerDealClockNotifications(events);
  registerChangeOrderNotifications(events);
}
