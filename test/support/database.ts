import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '#server/db/client.js';
import { findLedgerDiscrepancies } from '#server/features/ledger/reconciliation.js';
import { createTestDatabaseOn, databaseUrl, withDatabase } from './postgres-admin.js';

/** Why this test file's ledger is not reconciled when its database closes, when it plants entries by hand. */
let unreconciledBecause: string | null = null;

/**
 * For a test file that appends ledger entries by hand (document numbering, a statement's paging) and
 * so leaves payments whose rows its entries do not match: its database is not reconciled on close.
 */
export function skipLedgerReconciliation(reason: string): void {
  unreconciledBecause = reason;
}

/**
 * What `npm run ledger:check` checks (issue 31, item 5), run on every test file's database as it
 * closes, after the file's tests: whatever real flows the tests took, every payment adds up.
 */
async function reconcile(database: Database): Promise<void> {
  if (unreconciledBecause !== null) return;
  const found = await findLedgerDiscrepancies(database.db);
  if (found.length > 0) throw new Error(`ledger:check found ${found.length} discrepancies:\n${found.map((d) => d.message).join('\n')}`);
}

/** Reconciles the file's ledger, then closes the database whether or not it adds up. */
async function reconcileAndClose(database: Database): Promise<void> {
  try {
    await reconcile(database);
  } finally {
    await database.close();
  }
}

/** A brand-new, migrated database for one test file, copied from the run's snapshot. */
export async function createTestDatabase(): Promise<Database> {
  const snapshot = inject('databaseSnapshot');
  if (snapshot.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(snapshot.file)]) });
    return { ...database, close: () => reconcileAndClose(database) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `finishline_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withDatabase(adminUrl, (admin) => createTestDatabaseOn(admin, name, snapshot.template));
  const database = await openPostgres(databaseUrl(adminUrl, name), 10);
  return {
    ...database,
    async close() {
      await reconcileAndClose(database);
      await withDatabase(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
