// The live benchmark's Finishline: the real app from buildApp(), production config, PostgreSQL pool of
// 20 (DATABASE_POOL_SIZE's default), no logger, no client bundle, on 127.0.0.1 and a free port, in
// its own process so the 2,000 sockets of bench/live/run.ts do not share its event loop. With a
// Redis URL it fans live events out through Redis as main.ts does.
//
//   node --expose-gc --import tsx bench/live/app-server.ts <database-url> [redis-url]
//
// BENCH_APP_ENV, a JSON object of configuration variables, is laid over the bench configuration
// (bench/upload-impact.ts raises the upload and chat limits with it).
// Prints {"port": n, "pid": n} when listening. Spawned with an IPC channel, it answers
// {type: 'stats'} with process.memoryUsage() (after a full GC when --expose-gc is on) and the
// event-loop delay since the previous 'stats', which it then resets, and its PostgreSQL query count: the benchmark's probe, kept
// out of src/.
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { RedisClientType } from 'redis';
import { buildApp } from '#server/app.js';
import { openPostgres } from '#server/db/client.js';
import { connectRedis } from '#server/integrations/redis.js';
import { benchServerConfig } from '../shared.js';
import { answerStatsRequests } from './server-stats.js';

const [databaseUrl, redisUrl] = process.argv.slice(2);
if (!databaseUrl) {
  console.error('usage: app-server.ts <database-url> [redis-url]');
  process.exit(2);
}

// Counts every query the app sends (drizzle's node-postgres driver ends in Client#query).
let queries = 0;
// The original method, called with the client as `this` below.
// eslint-disable-next-line @typescript-eslint/unbound-method
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queries++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const extraEnv = JSON.parse(process.env.BENCH_APP_ENV ?? '{}') as Record<string, string>;
const { config, dataDir } = benchServerConfig('live', databaseUrl, { ...extraEnv, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
const database = await openPostgres(databaseUrl, config.databasePoolSize, { keepIdleConnections: true });
const redis: RedisClientType | undefined = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
const app = await buildApp({ config, database, redis, logger: false, clientDir: null });

answerStatsRequests(() => queries);

const stop = () => {
  void app
    .close()
    .then(() => redis?.quit())
    .then(() => database.close())
    .catch(() => undefined)
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The parent went away (crashed, killed): do not outlive it.
process.once('disconnect', stop);

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid }));
