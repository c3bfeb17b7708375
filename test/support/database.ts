import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '#server/db/client.js';
import { databaseUrl, withDatabase } from './postgres-admin.js';

/** A brand-new, migrated database for one test file, copied from the run's snapshot. */
export async function createTestDatabase(): Promise<Database> {
  const snapshot = inject('databaseSnapshot');
  if (snapshot.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([readFileSync(snapshot.file)]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `finishline_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withDatabase(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${snapshot.template}`));
  const database = await openPostgres(databaseUrl(adminUrl, name), 10);
  return {
    ...database,
    async close() {
      await database.close();
      await withDatabase(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
