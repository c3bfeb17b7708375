import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

// src/server/db and dist/server/db both sit three levels below the package root.
export const migrationsFolder = fileURLToPath(new URL('../../../src/server/db/migrations', import.meta.url));

/** Any fixed number: all instances migrating one PostgreSQL take this advisory lock in turn. */
const MIGRATION_LOCK_KEY = 4_815_162_342;

export function pgliteExtensions() {
  return { pg_trgm };
}

/** The embedded default: PGlite, single-connection, persisted under dataDir (or in memory). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions(),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  } as Database & { pglite: PGlite };
}

/** PostgreSQL through a connection pool: production and multi-instance. */
export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // The server closed an idle connection (restart, failover, a forced DROP DATABASE in tests): the
  // pool has already dropped it and opens a new one when needed. Unheard, the event would crash.
  pool.on('error', (error) => console.warn(`database: an idle connection was closed: ${error.message}`));
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Instances that start together migrate one after another, never concurrently. The
      // migration runs on the connection that holds the lock, so a pool of one suffices.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string; databasePoolSize: number }) {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite({ dataDir: config.dataDir });
}
