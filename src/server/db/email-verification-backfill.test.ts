import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPglite } from './pglite.js';

// The email verification migration (decision 036) on a database that already has people: existing
// operators and demo accounts come out verified, everyone else unverified, and from then on the
// database refuses an operator without a verified address.
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const sqlOf = (tag: string) => readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
// Found by what it does, not its name: the migrations of one release may be merged into one file.
const verificationMigration = journal.entries.findIndex((entry) => sqlOf(entry.tag).includes('ADD COLUMN "email_verified_at"'));

async function runMigration(db: PGlite, tag: string) {
  const statements = sqlOf(tag).split('--> statement-breakpoint');
  // One transaction, as a fresh PostgreSQL runs them (the enum value added earlier is not committed yet).
  await db.transaction(async (tx) => {
    for (const statement of statements) if (statement.trim()) await tx.exec(statement);
  });
}

let db: PGlite;
beforeAll(async () => {
  db = await createPglite();
  expect(verificationMigration).toBeGreaterThan(0);
  for (const { tag } of journal.entries.slice(0, verificationMigration)) await runMigration(db, tag);
  await db.exec(`
    INSERT INTO users (username, email, password_hash, role, created_at) VALUES
      ('ops', 'ops@example.test', 'x', 'operator', '2026-01-02T00:00:00Z'),
      ('maya', 'maya@demo.finishline.dev', 'x', 'submitter', '2026-01-03T00:00:00Z'),
      ('sam', 'sam@example.test', 'x', 'finisher', '2026-01-04T00:00:00Z');
  `);
  for (const { tag } of journal.entries.slice(verificationMigration)) await runMigration(db, tag);
}, 60_000);
afterAll(() => db.close());

it('marks existing operators and demo accounts verified and leaves everyone else to confirm', async () => {
  const { rows } = await db.query<{ username: string; verified: boolean; pending_email: string | null }>(
    'SELECT username, email_verified_at IS NOT NULL AS verified, pending_email FROM users ORDER BY id',
  );
  expect(rows).toEqual([
    { username: 'ops', verified: true, pending_email: null },
    { username: 'maya', verified: true, pending_email: null },
    { username: 'sam', verified: false, pending_email: null },
  ]);
});

it('refuses an operator without a verified address from then on', async () => {
  await expect(db.exec(`UPDATE users SET role = 'operator' WHERE username = 'sam'`)).rejects.toThrow(/users_operator_verified_check/);
  await expect(db.exec(`UPDATE users SET email_verified_at = NULL WHERE username = 'ops'`)).rejects.toThrow(/users_operator_verified_check/);
});
