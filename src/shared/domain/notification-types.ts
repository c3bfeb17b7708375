/** What a notification is about; the client picks its icon and where clicking it leads from this. */
export const notificationTypes = ['notification', 'message', 'milestone', 'milestone_completed', 'milestone_approved', 'bid', 'project', 'dispute'] as const;
export type NotificationType = (typeof notificationTypes)[number];
