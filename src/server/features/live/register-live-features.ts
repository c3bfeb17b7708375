import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { AppContext } from '#server/context.js';
import { findLiveTokens } from '#server/plugins/session-store.js';
import { registerConversationPushes } from '#server/features/conversations/conversation-pushes.js';
import { conversationsRoutes } from '#server/features/conversations/conversations.routes.js';
import { registerNotificationDelivery } from '#server/features/notifications/notification-outbox.js';
import { notificationsRoutes } from '#server/features/notifications/notifications.routes.js';
import { LiveHub } from './live-hub.js';
import { liveRoutes } from './live.routes.js';

export interface LiveFeaturesOptions {
  /** REDIS_URL's client: live events fan out to every instance. */
  redis?: RedisClientType;
  heartbeatMs?: number;
  authTimeoutMs?: number;
}

/**
 * Conversations, notifications and the live connection (/ws), wired onto the app: the hub, the
 * post-commit pushes of notifications and messages, and the routes. Returns the hub so other
 * features can push events (new_milestone ...) from their own commit handlers.
 */
export async function registerLiveFeatures(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'events' | 'config' | 'log' | 'rateLimits'>,
  options: LiveFeaturesOptions = {},
): Promise<LiveHub> {
  const live = new LiveHub({ log: ctx.log, redis: options.redis, channel: `${ctx.config.redisKeyPrefix}live` });
  await live.start();
  app.addHook('onClose', () => live.stop());

  registerNotificationDelivery(ctx.events, live);
  registerConversationPushes(ctx.events, live);

  await liveRoutes(app, live, {
    publicOrigin: ctx.config.publicOrigin,
    heartbeatMs: options.heartbeatMs ?? 30_000,
    authTimeoutMs: options.authTimeoutMs ?? 10_000,
    findLiveTokens: (tokens) => findLiveTokens(ctx.db, ctx.config, tokens),
  });
  conversationsRoutes(app, ctx);
  notificationsRoutes(app, ctx, live);
  return live;
}
