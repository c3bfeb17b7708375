import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createClient, type RedisClientType } from 'redis';
import { type AppDeps, buildApp } from '#server/app.js';
import type { Clock } from '#server/clock.js';
import { type Config, loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';
import type { Mailer } from '#server/integrations/email/mailer.js';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every route the app registered, in order. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/** The whole API on a fresh database, without the client bundle or a listening socket. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    redis?: RedisClientType;
    payments?: PaymentProvider;
    mailer?: Mailer;
    clock?: Clock;
    clientDir?: string;
    features?: AppDeps['features'];
    deliverRepositoryEvent?: AppDeps['deliverRepositoryEvent'];
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    // Each app its own data directory: the sandbox git host's repositories are named by row id, which every test database restarts.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'finishline-test-data-')),
    // Test databases reuse user ids: their rate-limit counts and live channels must not meet in a shared Redis.
    REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('test'),
    // Tests fire the deal timers themselves (app.sweepDealTimers), after moving their clock.
    DEAL_SWEEP_INTERVAL: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    clientDir: options.clientDir ?? null,
    redis: options.redis,
    payments: options.payments,
    mailer: options.mailer,
    clock: options.clock,
    features: options.features,
    deliverRepositoryEvent: options.deliverRepositoryEvent,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    routes,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A Redis prefix (keys and live channel) no other app of any test run uses: test databases reuse
 * user ids, so two apps on one Redis must not hear each other's events or share rate-limit counts.
 */
export function uniqueRedisKeyPrefix(label: string): string {
  return `${label}-${process.pid}-${randomUUID()}:`;
}

/** A Redis client on TEST_REDIS_URL, or undefined when the run has no Redis. */
export async function connectTestRedis(): Promise<RedisClientType | undefined> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return undefined;
  const client: RedisClientType = createClient({ url });
  await client.connect();
  return client;
}
