import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { CreateTestNotificationInput, Notification, UnreadCount } from '#shared/contracts/notifications.js';
import { notificationLimits } from '#shared/domain/limits.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Db, DbOrTx, Tx } from '#server/db/client.js';
import { notifications } from '#server/db/schema/notifications.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { AfterCommitWork, EventOf } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import { requireAccess } from '#server/domain/require-access.js';
import { deliverNotifications, deliveryOf, holdForDelivery } from './notification-outbox.js';
import { previewOf } from './notification-text.js';
import { type NotificationRow, toNotificationDto } from './notifications.mapper.js';

// What disputes' notifications (features/disputes/dispute-notifications.ts) use of this feature.
export { previewOf };

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

type GroupedNotification = Omit<NewNotification, 'relatedId'> & { groupKey: string; relatedId: number | null | SQL };

/** A grouped notification's values, any of them a placeholder of a prepared statement. */
type GroupedNotificationValues = { [K in keyof GroupedNotification]: GroupedNotification[K] | Placeholder };

/**
 * The statement that stores a notification of a group (groupKey), or, while the user still has an
 * unread one of that group, updates it to this one's text, target and time instead: one unread row
 * per group, whichever of two concurrent writers comes second (the unique index
 * notifications_unread_group_key decides). Answers the row either way.
 */
function groupedNotificationUpsert(db: DbOrTx, row: GroupedNotificationValues) {
  return db
    .insert(notifications)
    .values(row)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`${notifications.isRead} = false AND ${notifications.groupKey} IS NOT NULL`,
      set: { title: sql`excluded.title`, content: sql`excluded.content`, relatedId: sql`excluded.related_id`, createdAt: sql`now()` },
    })
    .returning();
}

/** The statement behind a grouped notification, as a part of another statement (a data-modifying CTE). */
export type GroupedNotificationUpsert = ReturnType<typeof groupedNotificationUpsert>;

async function upsertGroupedNotification(db: DbOrTx, row: GroupedNotification): Promise<void> {
  holdForDelivery(db, await groupedNotificationUpsert(db, row));
}

/** What a chat message's notification is made of, known before the message is stored. */
export interface MessageNotificationFields {
  recipientId: number;
  bidId: number;
  senderUsername: string;
  content: string;
}

/**
 * A chat message leaves its recipient a 'message' notification (it opens
 * /messages?messageId={relatedId}). A conversation keeps one unread notification, updated with its
 * latest message, so the bell does not count every message the chat counts too.
 */
function messageNotificationOf(fields: MessageNotificationFields, messageId: number | null): GroupedNotification {
  return {
    userId: fields.recipientId,
    type: 'message',
    title: `New message from ${fields.senderUsername}`,
    content: previewOf(fields.content),
    relatedId: messageId,
    groupKey: `conversation:${fields.bidId}`,
  };
}

/** The record handler of 'message.sent': the message's notification, in the message's transaction. */
export function writeMessageNotification(e: EventOf<'message.sent'>, tx: Tx): Promise<void> {
  const files = e.message.attachments.length;
  // A message of files alone says so (issue 32).
  const content = e.message.content || (files === 1 ? `Sent a file: ${e.message.attachments[0]!.name}` : `Sent ${files} files`);
  return upsertGroupedNotification(tx, messageNotificationOf({ ...e, senderUsername: e.message.sender.username, content }, e.message.id));
}

/**
 * The same notification as writeMessageNotification, as a part of the prepared statement that
 * stores the message (conversations, once the conversation exists). `upsert` builds that part once,
 * with placeholders, `messageId` being the statement's new id; `params` fills them for one message.
 * The caller delivers the row the statement answers with messageNotificationDelivery() once it committed.
 */
export const preparedMessageNotification = {
  upsert(db: Db, messageId: SQL): GroupedNotificationUpsert {
    return groupedNotificationUpsert(db, {
      userId: sql.placeholder('notificationUserId'),
      type: 'message',
      title: sql.placeholder('notificationTitle'),
      content: sql.placeholder('notificationContent'),
      relatedId: messageId,
      groupKey: sql.placeholder('notificationGroupKey'),
    });
  },
  params(fields: MessageNotificationFields) {
    const { userId, title, content, groupKey } = messageNotificationOf(fields, null);
    return { notificationUserId: userId, notificationTitle: title, notificationContent: content, notificationGroupKey: groupKey };
  },
};

/** The live push of notification rows another feature's statement stored (after-commit work). */
export function messageNotificationDelivery(rows: NotificationRow[]): AfterCommitWork {
  return deliveryOf(rows);
}

/** insertNotifications() for event handlers, which return nothing. */
export async function createNotifications(db: DbOrTx, rows: NewNotification[]): Promise<void> {
  await insertNotifications(db, rows);
}

/** What the notification services use of the app context. */
export type NotificationsContext = Pick<AppContext, 'db'>;

/**
 * How many chat messages wait for a user: conversations answers it. app.ts hands it in, since
 * conversations imports this feature to write message notifications (decision 045: no import circle).
 */
export type CountUnreadMessages = (ctx: NotificationsContext, userId: number) => Promise<number>;

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

export async function countUnread(ctx: NotificationsContext, countUnreadMessagesOf: CountUnreadMessages, actor: UserRow, userId: number): Promise<UnreadCount> {
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

/** What a deleted message's notification show instead of its text. */
const DELETED_MESSAGE_PREVIEW = 'Message deleted';

/** The preview a message's notification shows, after its sender edited it or (content null) deleted it. */
export async function rewriteMessageNotification(db: DbOrTx, messageId: number, content: string | null): Promise<void> {
  await db
    .update(notifications)
    .set({ content: content === null ? DELETED_MESSAGE_PREVIEW : previewOf(content) })
    .where(and(eq(notifications.type, 'message'), eq(notifications.relatedId, messageId)));
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
