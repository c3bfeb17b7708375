import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestNotificationSchema, markAllReadResponseSchema, notificationSchema, unreadCountSchema } from '#shared/contracts/notifications.js';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import { requireUser } from '#server/plugins/session.js';
import type { LivePublisher } from '#server/features/live/live-hub.js';
import {
  countUnread,
  createTestNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationsContext,
} from './notifications.service.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/** Test notifications a user may create per minute; they only ever reach that user. */
const TEST_NOTIFICATIONS_PER_MINUTE = 30;

/** Every route serves the signed-in user's own notifications only. */
export function notificationsRoutes(app: FastifyInstance, ctx: NotificationsContext, live: LivePublisher) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const list = z.array(notificationSchema);

  api.get('/api/users/:id/notifications', { schema: { tags, params: idParamsSchema, response: { 200: list, ...errors } } }, (request) =>
    listNotifications(ctx, requireUser(request), request.params.id, { unreadOnly: false }),
  );

  api.get('/api/users/:id/unread-notifications', { schema: { tags, params: idParamsSchema, response: { 200: list, ...errors } } }, (request) =>
    listNotifications(ctx, requireUser(request), request.params.id, { unreadOnly: true }),
  );

  api.get('/api/users/:id/unread-count', { schema: { tags, params: idParamsSchema, response: { 200: unreadCountSchema, ...errors } } }, (request) =>
    countUnread(ctx, requireUser(request), request.params.id),
  );

  api.patch('/api/notifications/:id/read', { schema: { tags, params: idParamsSchema, response: { 200: notificationSchema, ...errors } } }, (request) =>
    markNotificationRead(ctx, requireUser(request), request.params.id),
  );

  api.post(
    '/api/users/:id/mark-all-notifications-read',
    { schema: { tags, params: idParamsSchema, response: { 200: markAllReadResponseSchema, ...errors } } },
    (request) => markAllNotificationsRead(ctx, requireUser(request), request.params.id),
  );

  api.post(
    '/api/notifications',
    {
      schema: { tags, body: createTestNotificationSchema, response: { 201: notificationSchema, ...errors } },
      config: {
        rateLimit: {
          max: TEST_NOTIFICATIONS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await createTestNotification(ctx, live, requireUser(request), request.body)),
  );
}
