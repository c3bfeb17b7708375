import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { notificationLimits } from '#shared/domain/limits.js';
import { notificationSchema, createTestNotificationSchema, unreadCountSchema, markAllReadResponseSchema } from './notifications.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './notifications.schemas.js';

/** The signed-in user's notifications: every endpoint serves the user's own only. */
export const notificationEndpoints = defineEndpoints('notifications', {
  list: {
    method: 'GET',
    path: '/api/users/:id/notifications',
    summary: "The signed-in user's notifications, newest first",
    description: `The newest ${notificationLimits.listMax} only.`,
    params: idParamsSchema,
    response: z.array(notificationSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  unreadList: {
    method: 'GET',
    path: '/api/users/:id/unread-notifications',
    summary: "The signed-in user's unread notifications, newest first",
    description: `The newest ${notificationLimits.listMax} only.`,
    params: idParamsSchema,
    response: z.array(notificationSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  unreadCount: {
    method: 'GET',
    path: '/api/users/:id/unread-count',
    summary: 'Both header badges: unread notifications and unread chat messages',
    params: idParamsSchema,
    response: unreadCountSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  markRead: {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    body: emptyBodySchema,
    summary: 'Mark one notification read',
    description: "Someone else's notification answers 404, like a missing one.",
    params: idParamsSchema,
    response: notificationSchema,
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
  markAllRead: {
    method: 'POST',
    path: '/api/users/:id/mark-all-notifications-read',
    body: emptyBodySchema,
    summary: "Mark all the signed-in user's notifications read",
    params: idParamsSchema,
    response: markAllReadResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  createTest: {
    method: 'POST',
    path: '/api/notifications',
    summary: 'Send the signed-in user a test notification',
    description: 'The test notification panel: it only ever notifies the signed-in user, who gets it live as well.',
    body: createTestNotificationSchema,
    status: 201,
    response: notificationSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
