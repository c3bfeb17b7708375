import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '#server/db/client.js';
import { createTestDatabaseOn, databaseUrl, withDatabase } from '#test/support/postgres-admin.js';

export interface DeployDatabase {
  /** DATABASE_URL (on PostgreSQL) and DATA_DIR (uploads; PGlite's files otherwise) for the server processes. */
  env: Record<string, string>;
  /** Opens it from the test, once the servers have stopped when it is PGlite (one process only). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * An empty database for server processes to migrate themselves, as in production: a new database
 * on TEST_DATABASE_URL's server when set, else a PGlite directory. Either way a fresh DATA_DIR.
 */
export async function createDeployDatabase(): Promise<DeployDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-deploy-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `finishline_deploy_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withDatabase(adminUrl, (admin) => createTestDatabaseOn(admin, name));
  const url = databaseUrl(adminUrl, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openPostgres(url, 2),
    async drop() {
      await withDatabase(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
