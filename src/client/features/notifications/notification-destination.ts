import type { Notification } from '#shared/contracts/notifications.js';
import { payoutSetupPath } from '#shared/domain/money-moves.js';

/**
 * Where a clicked notification leads (spec section 2, Notifications page), or null when it has
 * no relatedId: such a notification does nothing when clicked.
 */
export function notificationDestination(notification: Pick<Notification, 'type' | 'relatedId'>): string | null {
  const { type, relatedId } = notification;
  if (relatedId === null || relatedId === undefined) return null;
  switch (type) {
    case 'message':
      return `/messages?messageId=${relatedId}`;
    case 'milestone':
    case 'milestone_completed':
    case 'milestone_approved':
      return `/projects/${relatedId}?tab=milestones`;
    case 'bid':
      return `/projects/${relatedId}?tab=bids`;
    case 'project':
      return `/projects/${relatedId}`;
    case 'change_order':
      return `/projects/${relatedId}?tab=change-orders`;
    // Money waits for the finisher's payout account: the notification opens where payouts are set up.
    case 'payout_setup':
      return payoutSetupPath;
    // A dispute's notification carries the dispute's id, not its project's.
    case 'dispute':
      return `/disputes/${relatedId}`;
    default:
      return '/';
  }
}
