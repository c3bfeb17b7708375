import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateTestNotificationInput, Notification, UnreadCount } from '#shared/contracts/notifications.js';
import { notificationLimits } from '#shared/domain/limits.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { notifications } from '#server/db/schema/notifications.js';
import type { UserRow } from '#server/db/schema/users.js';
import { countUnreadMessagesOf } from '#server/features/conversations/conversations.service.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import { requireAccess } from '#server/domain/require-access.js';
import { deliverNotifications, holdForDelivery } from './notification-outbox.js';
import { type NotificationRow, toNotificationDto } from './notifications.mapper.js';

export interface NewNotification {
  userId: number;
  /** Decides where a click leads on the Notifications page: message, bid, project, milestone... */
  type: string;
  title: string;
  content: string;
  relatedId: number | null;
  isRead?: boolean;
}

/**
 * Stores notifications and returns the rows. Inside a ctx.events transaction they are pushed live
 * once it commits (see notification-outbox.ts); outside one, the caller pushes them with
 * deliverNotifications().
 */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notifications).values(rows).returning();
  holdForDelivery(db, inserted);
  return inserted;
}

/**
 * Stores a notification of a group (groupKey), or, while the user still has an unread one of that
 * group, updates it to this one's text and time instead: one unread row per group, whichever of
 * two concurrent writers comes second (the unique index notifications_unread_group_key decides).
 */
export async function upsertGroupedNotification(db: DbOrTx, row: NewNotification & { groupKey: string }): Promise<void> {
  const rows = await db
    .insert(notifications)
    .values(row)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`${notifications.isRead} = false AND ${notifications.groupKey} IS NOT NULL`,
      set: { title: row.title, content: row.content, relatedId: row.relatedId, createdAt: sql`now()` },
    })
    .returning();
  holdForDelivery(db, rows);
}

/** insertNotifications() for event handlers, which return nothing. */
export async function createNotifications(db: DbOrTx, rows: NewNotification[]): Promise<void> {
  await insertNotifications(db, rows);
}

/** What the notification services use of the app context. */
export type NotificationsContext = Pick<AppContext, 'db'>;

function assertOwnNotifications(actor: UserRow, userId: number): void {
  requireAccess(actor, 'readOwnNotifications', userId);
}

export async function listNotifications(ctx: NotificationsContext, actor: UserRow, userId: number, options: { unreadOnly: boolean }): Promise<Notification[]> {
  assertOwnNotifications(actor, userId);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(options.unreadOnly ? and(eq(notifications.userId, actor.id), eq(notifications.isRead, false)) : eq(notifications.userId, actor.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationLimits.listMax);
  return rows.map(toNotificationDto);
}

export async function countUnread(ctx: NotificationsContext, actor: UserRow, userId: number): Promise<UnreadCount> {
  assertOwnNotifications(actor, userId);
  const [unreadNotifications, unreadMessages] = await Promise.all([
    ctx.db.$count(notifications, and(eq(notifications.userId, actor.id), eq(notifications.isRead, false))),
    countUnreadMessagesOf(ctx, actor.id),
  ]);
  return { count: unreadNotifications, notifications: unreadNotifications, messages: unreadMessages };
}

/** Someone else's notification answers 404 like a missing one, so ids do not reveal what exists. */
export async function markNotificationRead(ctx: NotificationsContext, actor: UserRow, notificationId: number): Promise<Notification> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, actor.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
  return toNotificationDto(row);
}

export async function markAllNotificationsRead(ctx: NotificationsContext, actor: UserRow, userId: number): Promise<{ updated: number }> {
  assertOwnNotifications(actor, userId);
  const updated = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, actor.id), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}

/** The 'message' notifications that point at these messages, once their reader has seen them. */
export async function markMessageNotificationsRead(db: DbOrTx, userId: number, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.type, 'message'), inArray(notifications.relatedId, messageIds), eq(notifications.isRead, false)),
    );
}

/** The test notification panel: the signed-in user can only ever notify themself. */
export async function createTestNotification(
  ctx: NotificationsContext,
  live: LivePublisher,
  actor: UserRow,
  input: CreateTestNotificationInput,
): Promise<Notification> {
  if (input.userId !== undefined) requireAccess(actor, 'notifyOnlySelf', input.userId);
  const rows = await insertNotifications(ctx.db, [
    { userId: actor.id, type: input.type, title: input.title, content: input.content, relatedId: input.relatedId ?? null, isRead: input.isRead ?? false },
  ]);
  await deliverNotifications(live, rows);
  return toNotificationDto(rows[0]!);
}
