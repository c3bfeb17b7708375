import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis } from '#test/support/app.js';
import { createTestDatabase } from '#test/support/database.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';
import { Readiness } from './readiness.js';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
let database: Database;
const apps: FastifyInstance[] = [];

/** The app as main.ts builds it, with a readiness the test can flip. */
async function appWith(options: { redis?: RedisClientType } = {}) {
  const readiness = new Readiness();
  const app = await buildApp({ config, database, redis: options.redis, readiness, logger: false, clientDir: null });
  apps.push(app);
  return { app, readiness };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('health probes', () => {
  it('answers liveness with nothing checked, and readiness when the database answers', async () => {
    const { app } = await appWith();
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: database.kind, redis: 'not configured' });
  });

  it('fails readiness with 503 once draining starts, while liveness and /api/health still answer', async () => {
    const { app, readiness } = await appWith();
    readiness.startDraining();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'This instance is shutting down' });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('checks Redis when it is configured, and fails readiness when it is gone', async () => {
    const redis = (await connectTestRedis())!;
    const { app } = await appWith({ redis });
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ status: 'ready', redis: 'ok' });
    redis.destroy();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Redis is unreachable' });
  });
});
