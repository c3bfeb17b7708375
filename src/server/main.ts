import type { RedisClientType } from 'redis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoDataIfEmpty } from './db/seed.js';
import { connectRedis } from './integrations/redis.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedDemoData) await seedDemoDataIfEmpty(database.db);
  const redis: RedisClientType | undefined = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const app = await buildApp({ config, database, redis });

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period passed; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for requests in flight
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Finishline is running on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
