import { z } from 'zod';
import { notificationLimits } from '#shared/domain/limits.js';
import { testPanelNotificationTypes } from '#shared/domain/notification-types.js';
import { numberOrNumericText } from './numeric-text.js';

/** The types the Notifications page routes on (spec section 2); the test panel offers exactly these. */
export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** One of notificationTypes for every row the server writes; typed loosely so the page's 'any other type' rule holds. */
  type: z.string(),
  title: z.string(),
  content: z.string(),
  relatedId: z.number().int().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Absent, null or '' mean no relatedId; anything else must be a whole number. */
const optionalRelatedId = z.preprocess(
  (value) => (value === '' ? null : value),
  numberOrNumericText(
    z
      .number({ error: 'Related ID must be a number' })
      .int('Related ID must be a number')
      .min(0, 'Related ID must be a number')
      .max(2_147_483_647, 'Related ID must be a number'),
  )
    .nullish()
    .transform((value) => value ?? undefined),
);

/** POST /api/notifications, the test notification panel. It only ever notifies the signed-in user. */
export const createTestNotificationSchema = z.strictObject({
  title: requiredText('Title is required', notificationLimits.titleMax),
  content: requiredText('Content is required', notificationLimits.contentMax),
  type: z.enum(testPanelNotificationTypes, { error: `Type must be one of ${testPanelNotificationTypes.join(', ')}` }).default('notification'),
  /** Sent by the panel; must be the signed-in user's own id when present. */
  userId: numberOrNumericText(z.number({ error: 'User ID must be a number' }).int('User ID must be a number')).optional(),
  relatedId: optionalRelatedId,
  isRead: z.boolean().optional(),
});
/** What the panel sends (wire) and what the service takes after parsing (trimmed, type defaulted). */
export type CreateTestNotificationBody = z.input<typeof createTestNotificationSchema>;
export type CreateTestNotificationInput = z.output<typeof createTestNotificationSchema>;

/**
 * Both header badges in one answer. count is the unread notifications (the same number as the
 * length of GET /api/users/{id}/unread-notifications); messages is the unread chat messages
 * addressed to the user. Every chat message also leaves a 'message' notification, which reading
 * the conversation marks read.
 */
export const unreadCountSchema = z.object({
  count: z.number().int(),
  notifications: z.number().int(),
  messages: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
