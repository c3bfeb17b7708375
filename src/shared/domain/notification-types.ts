/**
 * The types the notifications test panel offers and accepts (spec section 8, word for word): the
 * panel sends one of these.
 */
export const testPanelNotificationTypes = ['notification', 'message', 'milestone', 'milestone_completed', 'milestone_approved', 'bid', 'project'] as const;

/**
 * What a notification is about; the client picks its icon and where clicking it leads from this.
 * Disputes' own (issue 15) and change orders' (issue 18, item 6: relatedId is the project) are the server's alone,
 * as is 'payout_setup' (issue 28, item 2: money waits for the finisher's payout account; it opens the payout setup).
 */
export const notificationTypes = [...testPanelNotificationTypes, 'dispute', 'change_order', 'payout_setup'] as const;
export type NotificationType = (typeof notificationTypes)[number];
