import type { Notification } from '#shared/contracts/notifications.js';
import type { notifications } from '#server/db/schema/notifications.js';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    title: row.title,
    content: row.content,
    relatedId: row.relatedId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}
