import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { RedisClientType } from 'redis';
import { WebSocket } from 'ws';
import { type ServerEvent, serverEventSchema } from '#shared/events.js';
import { buildApp } from '#server/app.js';
import { type Config, loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';
import { createSession } from '#server/plugins/session-store.js';
import { liveRoutes, type LiveTimings } from '#server/features/live/live.routes.js';
import { startLiveHub } from '#server/integrations/live/live-hub.js';
import { registerErrorHandler } from '#server/plugins/error-handler.js';
import { registerSessionLoader, SESSION_COOKIE } from '#server/plugins/session.js';
import { uniqueRedisKeyPrefix } from './app.js';
import { createTestDatabase } from './database.js';

export interface LiveTestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** ws://127.0.0.1:{port} once listening. */
  wsUrl: string;
  close(): Promise<void>;
}

/**
 * Test databases reuse user ids, so each app gets its own Redis prefix (and live channel) unless the
 * caller shares one: two instances of one test pass the same REDIS_KEY_PREFIX in `env`.
 */
const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('live'), ...env });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}`;
}

/**
 * The whole API listening on 127.0.0.1 (a random port) so real WebSocket clients can connect.
 * Pass `database` to run several instances on one database; it is then the caller's to close.
 */
export async function createLiveTestApp(options: { database?: Database; redis?: RedisClientType; env?: Record<string, string> } = {}): Promise<LiveTestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, logger: false, clientDir: null, redis: options.redis });
  const wsUrl = await listen(app);
  return {
    app,
    database,
    config,
    wsUrl,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * Only the session loader, the error handler and the live connection (the hub and /ws), with short
 * timings: for the heartbeat and auth-timeout tests, which cannot wait 30 seconds.
 */
export async function createLiveOnlyApp(
  database: Database,
  timings: LiveTimings,
): Promise<{ app: FastifyInstance; wsUrl: string; cookieFor(userId: number): Promise<string> }> {
  const config = testConfig();
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(cookie);
  registerSessionLoader(app, database.db, config);
  const hub = await startLiveHub(app, { log: app.log, channel: `${config.redisKeyPrefix}live` });
  await liveRoutes(app, hub, { db: database.db, config }, timings);
  // This app has no login route: sessions are made directly.
  const cookieFor = async (userId: number) => `${SESSION_COOKIE}=${(await createSession(database.db, config, userId, {})).token}`;
  return { app, wsUrl: await listen(app), cookieFor };
}

/** A ws client on the live connection, collecting every event the server sends. */
export interface LiveClient {
  socket: WebSocket;
  events: ServerEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor<T extends ServerEvent['type']>(
    type: T,
    match?: (event: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { type: T }>>;
  /** Resolves with the close code. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openLiveSocket(wsUrl: string, cookieHeader?: string, options: { origin?: string; autoPong?: boolean } = {}): Promise<LiveClient> {
  const headers: Record<string, string> = {};
  if (cookieHeader) headers.cookie = cookieHeader;
  const socket = new WebSocket(`${wsUrl}/ws`, { headers, origin: options.origin, autoPong: options.autoPong ?? true });
  const events: ServerEvent[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(serverEventSchema.parse(JSON.parse(Buffer.isBuffer(data) ? data.toString() : Buffer.from(data as ArrayBuffer).toString())));
    for (const listener of listeners) listener();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const client: LiveClient = {
    socket,
    events,
    closed,
    close: () => socket.close(),
    waitFor(type, match = () => true, timeoutMs = 5_000) {
      type E = Extract<ServerEvent, { type: typeof type }>;
      const find = () => events.find((e): e is E => e.type === type && match(e as E));
      return new Promise<E>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    // A refused upgrade fails with 'Unexpected server response: {status}'.
    socket.once('error', reject);
  });
}

/** Opens a socket and completes the auth handshake as the given user. */
export async function connectAs(wsUrl: string, cookieHeader: string, userId: number): Promise<LiveClient> {
  const client = await openLiveSocket(wsUrl, cookieHeader);
  client.socket.send(JSON.stringify({ type: 'auth', userId }));
  await client.waitFor('auth_success');
  return client;
}
