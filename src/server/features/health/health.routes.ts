import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import { healthEndpoints } from '#shared/contracts/health.js';
import { AppError } from '#server/app-error.js';
import type { Db } from '#server/db/client.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import type { Readiness } from './readiness.js';

export interface HealthDeps {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  redis: RedisClientType | undefined;
  readiness: Readiness;
  log: FastifyBaseLogger;
}

/** A probe must answer within the proxy's probe timeout, even when a dependency hangs instead of failing. */
const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      work,
      sleep(CHECK_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
        throw new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`);
      }),
    ]);
  } finally {
    timeout.abort();
  }
}

/**
 * Probes for proxies, orchestrators and operators:
 * - /api/health: the database answers (the original check; the browser tests wait on it);
 * - /api/health/live: the process answers, nothing else (a failing liveness probe restarts it);
 * - /api/health/ready: this instance should get traffic: not shutting down, database and Redis reachable.
 * The two probes log only warnings and errors, so a probe every few seconds does not bury the request log.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const endpoints = healthEndpoints;
  const quiet = { logLevel: 'warn' } as const;

  const checkDatabase = async () => {
    try {
      await within(deps.db.execute(sql`select 1`), 'the database');
    } catch (error) {
      deps.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
  };

  const checkRedis = async (redis: RedisClientType) => {
    try {
      // A disconnected client would queue the PING until it reconnects; fail at once instead.
      if (!redis.isReady) throw new Error('the Redis client is not connected');
      await within(redis.ping(), 'Redis');
    } catch (error) {
      deps.log.error({ err: error }, 'health check: redis unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'Redis is unreachable');
    }
  };

  registerEndpoint(app, endpoints.health, async () => {
    await checkDatabase();
    return { status: 'ok' as const, database: deps.databaseKind };
  });

  registerEndpoint(app, endpoints.live, () => ({ status: 'ok' as const }), quiet);

  registerEndpoint(
    app,
    endpoints.ready,
    async () => {
      if (deps.readiness.isDraining) throw new AppError('SERVICE_UNAVAILABLE', 'This instance is shutting down');
      await checkDatabase();
      if (deps.redis) await checkRedis(deps.redis);
      return { status: 'ready' as const, database: deps.databaseKind, redis: deps.redis ? ('ok' as const) : ('not configured' as const) };
    },
    quiet,
  );
}
