import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClientType } from 'redis';
import { type AppDeps, buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { mailDestination } from '#server/integrations/email/mailer.js';
import { openDatabase } from '#server/db/client.js';
import type { EmbeddedPglite } from '#server/db/pglite-thread.js';
import { seedDemoDataIfEmpty } from '#server/db/seed.js';
import { createStorage } from '#server/integrations/storage/storage.js';
import { Readiness } from '#server/features/health/readiness.js';
import { connectRedis } from '#server/integrations/redis.js';

/** What a caller may swap for a test double: test/e2e/server.ts captures email this way. */
export type ServerOverrides = Pick<AppDeps, 'mailer'>;

/** What main.ts began before this module loaded: the configuration, and the embedded database opening. */
export interface EarlyStart {
  config?: Config;
  embeddedDatabase?: EmbeddedPglite;
}

/**
 * Opens the database, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT.
 * main.ts runs it for npm start and npm run dev.
 */
export async function startServer(overrides: ServerOverrides = {}, early: EarlyStart = {}) {
  const config = early.config ?? loadConfig();
  const database = await openDatabase(config, early.embeddedDatabase);
  // The database opens (the embedded one on its own thread), migrates and gets its demo data while
  // this thread builds the app: buildApp sends no statement (the jobs and the start-up sweeps wait
  // for the first answer, plugins/after-first-answer.ts), and nothing listens before both are done.
  const prepared = (async () => {
    await database.migrate();
    if (config.seedDemoData) {
      await seedDemoDataIfEmpty(
        database.db,
        config.deal,
        { dataDir: config.dataDir, publicUrl: config.linkOrigin, warn: (message) => console.warn(message) },
        createStorage(config),
      );
    }
  })();
  prepared.catch(() => undefined); // awaited below, after the app is built
  const redis: RedisClientType | undefined = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const readiness = new Readiness();
  const app = await buildApp({ config, database, redis, readiness, ...overrides });
  await prepared;

  /**
   * Loses no request: readiness fails first (the proxy's probe takes the instance out of rotation
   * during SHUTDOWN_DRAIN_DELAY_MS), then app.close() stops accepting, closes idle keep-alive
   * connections and WebSockets (1001, the clients reconnect elsewhere) and waits for the requests in
   * flight; only then do Redis and the database close. Past SHUTDOWN_GRACE_MS it gives up, status 1.
   */
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    readiness.startDraining();
    app.log.info({ signal, drainDelayMs: config.shutdownDrainDelayMs }, 'shutting down: readiness now fails');
    try {
      if (config.shutdownDrainDelayMs > 0) await sleep(config.shutdownDrainDelayMs);
      const timer = setTimeout(() => {
        app.log.error({ graceMs: config.shutdownGraceMs }, 'shutdown grace period passed with requests still in flight; exiting');
        process.exit(1);
      }, config.shutdownGraceMs);
      timer.unref();
      app.log.info('shutting down: no longer accepting; draining requests in flight');
      await app.close();
      await redis?.quit();
      await database.close();
      app.log.info('shut down cleanly');
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
  if (overrides.mailer) return;
  const mail = mailDestination(config);
  if (mail === 'outbox') app.log.info(`No SMTP configured: mail is kept in the development outbox, read it at http://localhost:${config.port}/dev/mail`);
  if (mail === 'log') app.log.info('No SMTP configured: mail is written to this log (set SMTP_URL or SMTP_HOST to send it)');
  if (config.isProduction && config.emailLinks.isSecretRandom) {
    app.log.warn('EMAIL_LINK_SECRET is not set: unsubscribe links in mail sent now stop working at the next restart and differ between instances');
  }
}
