// Migrates one database per test run and hands its snapshot to every test file: a PostgreSQL
// template database when TEST_DATABASE_URL is set, a PGlite data-directory dump otherwise.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#server/db/client.js';
import { createTestDatabaseOn, databaseUrl, withDatabase } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSnapshot: { kind: 'postgres'; template: string } | { kind: 'pglite'; file: string };
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `finishline_template_${process.pid}`;
    await withDatabase(adminUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await createTestDatabaseOn(admin, template);
    });
    const database = await openPostgres(databaseUrl(adminUrl, template), 1);
    await database.migrate();
    await database.close();
    project.provide('databaseSnapshot', { kind: 'postgres', template });
    return async () => {
      await withDatabase(adminUrl, async (admin) => {
        const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
          template,
          `finishline_t_${process.pid}_%`,
        ]);
        for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
      });
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'finishline-test-'));
  const file = path.join(dir, 'snapshot.tar.gz');
  const database = await openPglite();
  await database.migrate();
  const dump = await (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('databaseSnapshot', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}
