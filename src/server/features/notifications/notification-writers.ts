import { formatMoney } from '#shared/domain/money.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { registerChangeOrderNotifications } from './change-order-notifications.js';
import { registerDealClockNotifications } from './deal-clock-notifications.js';
import { payoutSentence, refundSentence, refundTitle, sumOfParts, waitingPayoutSentence } from '#shared/domain/money-moves.js';
import { daysOf, notificationFormat, previewOf } from './notification-text.js';
import { readerDay } from './reader-day.js';
import { createNotifications, markMessageNotificationsRead, rewriteMessageNotification, writeMessageNotification } from './notifications.service.js';

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
        content: `${e.finisherUsername} placed a bid on "${e.projectName}": ${formatMoney(e.amountCents, { showCents: true })}, to deliver in ${daysOf(e.timelineDays)}.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('invitation.sent', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Invitation to bid',
        content:
          e.budgetCents === null
            ? `${e.ownerUsername} invited you to bid on "${e.projectName}".`
            : `${e.ownerUsername} invited you to bid on "${e.projectName}" (budget ${formatMoney(e.budgetCents)}).`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('review.written', async (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.revieweeId,
        type: 'project',
        title: 'You have a new review',
        content: `${e.reviewerUsername} reviewed you on "${e.projectName}". You will see it once you leave your own review, or on ${await readerDay(tx, e.revieweeId, e.revealsAt)}.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('reviews.revealed', (e, tx) =>
    createNotifications(
      tx,
      [e.ownerId, e.finisherId].map((userId) => ({
        userId,
        type: 'project' as const,
        title: 'Reviews are visible',
        content: `The reviews of "${e.projectName}" are now visible.`,
        relatedId: e.projectId,
      })),
    ),
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
  events.onRecord('work.accepted', (e, tx) => {
    const accepted = e.automatic
      ? `Your work on "${e.projectName}" was accepted automatically: the review window passed without an answer.`
      : `The client accepted your work on "${e.projectName}".`;
    // Money that waits for a payout account says so, and the notification opens the payout setup (issue 28, item 2).
    const isWaiting = e.payout !== undefined && e.payout.amountCents > 0 && !e.payout.isAccountReady;
    return createNotifications(tx, [
      {
        userId: e.finisherId,
        type: isWaiting ? 'payout_setup' : 'project',
        title: 'Work accepted',
        content: isWaiting ? `${accepted} ${waitingPayoutSentence(e.payout!.amountCents, notificationFormat)}` : accepted,
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
    ]);
  });
  events.onRecord('revision.requested', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Revision requested',
        // The criteria named as not met come first: they are what the finisher must fix (issue 28, item 6).
        content: e.unmetCriteria?.length
          ? `The client requested a revision of "${e.projectName}". Not met: ${previewOf(e.unmetCriteria.map((c) => `"${c.text}"`).join('; '))}. Reason: ${previewOf(e.reason)}`
          : `The client requested a revision of "${e.projectName}": ${previewOf(e.reason)}`,
        relatedId: e.projectId,
      },
    ]),
  );
  // 'message' opens /messages?messageId={relatedId}; one unread notification per conversation.
  // Conversations write it in the message's own statement once the conversation exists
  // (preparedMessageNotification): this is the handler that statement covers.
  events.onRecord('message.sent', writeMessageNotification);
  // Reading a chat also clears the notifications its messages left, so the two badges agree.
  events.onRecord('conversation.read', (e, tx) => markMessageNotificationsRead(tx, e.readerId, e.messageIds));
  // An edited or deleted message's notification says what the message says now (issue 32).
  events.onRecord('message.changed', (e, tx) => rewriteMessageNotification(tx, e.messageId, e.content));
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
  // One notification per party for everything a settlement moved, each amount with what it paid for (issue 28, item 11).
  events.onRecord('money.moved', (e, tx) =>
    createNotifications(tx, [
      ...(e.payouts.length > 0
        ? [{ userId: e.finisherId, type: 'project' as const, title: 'Payout released', content: payoutSentence(e, notificationFormat), relatedId: e.projectId }]
        : []),
      ...(e.refunds.length > 0
        ? [
            {
              userId: e.ownerId,
              type: 'project' as const,
              title: refundTitle(e.refunds),
              content: refundSentence(e, notificationFormat),
              relatedId: e.projectId,
            },
          ]
        : []),
      // A settled dispute tells the finisher its outcome itself.
      ...(e.cause === 'cancellation' && e.refunds.length > 0
        ? [
            {
              userId: e.finisherId,
              type: 'project' as const,
              title: 'Project cancelled',
              content: `"${e.projectName}" was cancelled: ${formatMoney(sumOfParts(e.refunds), { showCents: true })} of the client's payment went back to them.`,
              relatedId: e.projectId,
            },
          ]
        : []),
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
  events.onRecord('milestone.approved', (e, tx) => {
    // Its share waits when no payout account can take it: the notification says how much and opens the setup (issue 28, item 2).
    const isWaiting = e.payout !== undefined && e.payout.amountCents > 0 && !e.payout.isAccountReady;
    return createNotifications(tx, [
      {
        userId: e.finisherId,
        type: isWaiting ? 'payout_setup' : 'milestone_approved',
        title: 'Milestone Approved',
        content: isWaiting
          ? `"${e.milestoneTitle}" of "${e.projectName}" was approved. ${waitingPayoutSentence(e.payout!.amountCents, notificationFormat)}`
          : `"${e.milestoneTitle}" of "${e.projectName}" was approved.`,
        relatedId: e.projectId,
      },
    ]);
  });
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
