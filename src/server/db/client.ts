import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { packageRoot } from '#server/package-root.js';
import { createPglite } from './pglite.js';
import { type EmbeddedPglite, PgliteThread } from './pglite-thread.js';
import { skipRowTemplateForArrayRows } from './pg-array-rows.js';
import { type Schema, schema } from './tables.js';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries run against the database or inside a transaction alike. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(packageRoot, 'src/server/db/migrations');

/** Any fixed number: all instances migrating one PostgreSQL take this advisory lock in turn. */
const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * True when the embedded database has had the newest migration of the journal: drizzle's migrate()
 * would then do nothing, after reading and hashing every migration file and running four statements
 * (a cold start's CPU on a slow machine, issue 33). It applies every migration newer than the
 * newest one recorded, so this asks the same question with one statement. False when unsure.
 *
 * The journal is read synchronously (decision 079, addendum): where PGlite runs in this thread (the
 * tests), the first turn of the event loop after it opens waits about 200 ms for V8's background
 * threads (its WebAssembly tier-up), and an awaited file read spent that wait idle. On its own
 * thread (decision 081) the read is one small file either way.
 */
async function isUpToDate(client: EmbeddedPglite): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    const { rows } = await client.query<{ newest: string | null }>('SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations');
    return rows[0]?.newest != null && Number(rows[0].newest) >= newest;
  } catch {
    return false; // no migrations table yet, or no journal: migrate() finds out
  }
}

/**
 * The embedded default: PGlite, single-connection, persisted under dataDir (or in memory). `client`
 * is one opening on its own thread (pglite-thread.ts, decision 081), as the server runs it; without
 * it, one is opened here, in this thread, as the tests do.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; client?: EmbeddedPglite } = {}): Promise<Database> {
  const client = options.client ?? (await createPglite(options));
  // drizzle's PGlite session calls query and transaction (its migrator, exec): both clients have them.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async migrate() {
      if (await isUpToDate(client)) return;
      await migratePglite(drizzlePglite(client as PGlite, { schema }), { migrationsFolder });
    },
    close: () => client.close(),
  } as Database & { pglite: EmbeddedPglite };
}

/**
 * How the pool behaves when PostgreSQL is slow or gone (decision record 017). While the server is
 * down a connect is refused at once; these bound the cases where nothing answers at all, so a
 * request always ends in a 503 within a few seconds instead of hanging.
 */
export const postgresTimeouts = {
  /** A request waits this long for a connection, new or freed by another request, then fails. */
  connectionTimeoutMillis: 2_000,
  /** Server side: no statement holds a connection (and its locks) longer than this. */
  statementTimeoutMillis: 15_000,
  /** Server side: a transaction its client stopped driving (a crashed instance) frees its locks. */
  idleInTransactionTimeoutMillis: 30_000,
  /** TCP keep-alive on idle connections, so a vanished server (no FIN, no RST) is noticed. */
  keepAliveInitialDelayMillis: 10_000,
  /**
   * A server's idle connection is closed after this long (openDatabase). pg-pool's default, 10 s, closed the connections a
   * burst had opened as soon as traffic settled, and the next burst paid for new ones all at once: a
   * server process forked and authenticated for each, its caches cold, every prepared statement
   * parsed again (issue 32: the chat's p99 rose with every such refill).
   */
  idleTimeoutMillis: 5 * 60_000,
};

/**
 * PostgreSQL through a connection pool: production and multi-instance. node-postgres and its drizzle
 * driver load here, when PostgreSQL is configured: on the embedded database a start never evaluates
 * them (pg's first module built a fetch Response to ask whether it runs on Cloudflare, loading
 * Node's fetch implementation: about 50 ms of a cold start on a small machine, issue 33).
 */
export async function openPostgres(connectionString: string, poolSize = 20, options: { keepIdleConnections?: boolean } = {}): Promise<Database> {
  const [{ default: pg }, { default: PgResult }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('pg/lib/result.js'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  skipRowTemplateForArrayRows(PgResult, pg.types);
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: postgresTimeouts.connectionTimeoutMillis,
    statement_timeout: postgresTimeouts.statementTimeoutMillis,
    idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionTimeoutMillis,
    keepAlive: true,
    keepAliveInitialDelayMillis: postgresTimeouts.keepAliveInitialDelayMillis,
    // A server keeps its idle connections (decision 082); a test's or a script's short-lived pools
    // keep pg-pool's 10 s, so that the many a test run opens do not pile up on the server.
    ...(options.keepIdleConnections ? { idleTimeoutMillis: postgresTimeouts.idleTimeoutMillis } : {}),
    // No JIT: its compilation costs hundreds of milliseconds whenever a plan's estimate passes
    // jit_above_cost (the directory's aggregates did), and no request here runs long enough to win
    // it back (decision 062).
    options: '-c jit=off',
  });
  // The server closed a connection (restart, failover, a forced DROP DATABASE in tests). An
  // 'error' event nobody hears crashes the process, and pg-pool only listens on idle connections:
  // one checked out between two statements of a transaction has no listener. So every connection
  // gets one; the statement that follows fails (a 503) and the pool replaces the connection.
  pool.on('connect', (client) => client.on('error', (error) => console.warn(`database: a connection was closed: ${error.message}`)));
  // Idle connections report through the pool as well; the listener above has logged them already.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Instances that start together migrate one after another, never concurrently. The
      // migration runs on the connection that holds the lock, so a pool of one suffices.
      const lockClient = await pool.connect();
      try {
        // Waiting for another instance's migration, or rebuilding an index, may outlast the
        // statement timeout meant for requests.
        await lockClient.query('SET statement_timeout = 0');
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await lockClient.query('RESET statement_timeout').catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The configured database: PostgreSQL, or the embedded one on its own thread (decision 081), which
 * main.ts may have started already (`embedded`). The embedded one answers at once: its statements
 * wait for the opening, and a failure to open fails the first of them (the migration check).
 */
export function openDatabase(config: { databaseUrl?: string; dataDir: string; databasePoolSize: number }, embedded?: EmbeddedPglite) {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize, { keepIdleConnections: true });
  return openPglite({ client: embedded ?? openingThread(config.dataDir) });
}

function openingThread(dataDir: string): PgliteThread {
  const thread = new PgliteThread();
  thread.open({ dataDir }).catch(() => undefined);
  return thread;
}
