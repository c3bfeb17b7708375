import type { FastifyInstance } from 'fastify';
import { notificationEndpoints } from '#shared/contracts/notifications.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import {
  countUnread,
  createTestNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type CountUnreadMessages,
  type NotificationsContext,
} from './notifications.service.js';

/** Test notifications a user may create per minute; they only ever reach that user. */
const TEST_NOTIFICATIONS_PER_MINUTE = 30;

/** Every route serves the signed-in user's own notifications only. */
export function notificationsRoutes(app: FastifyInstance, ctx: NotificationsContext, live: LivePublisher, countUnreadMessages: CountUnreadMessages) {
  const endpoints = notificationEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listNotifications(ctx, requireUser(request), request.params.id, { unreadOnly: false }));

  registerEndpoint(app, endpoints.unreadList, (request) => listNotifications(ctx, requireUser(request), request.params.id, { unreadOnly: true }));

  registerEndpoint(app, endpoints.unreadCount, (request) => countUnread(ctx, countUnreadMessages, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.markRead, (request) => markNotificationRead(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.markAllRead, (request) => markAllNotificationsRead(ctx, requireUser(request), request.params.id));

  registerEndpoint(
    app,
    endpoints.createTest,
    async (request, reply) => reply.status(201).send(await createTestNotification(ctx, live, requireUser(request), request.body)),
    {
      config: {
        rateLimit: {
          max: TEST_NOTIFICATIONS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
  );
}
