// Starts the built server for the browser tests on a brand-new database: a fresh PGlite data
// directory by default, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createFileMailer, e2eMailFile } from './mail.js';

const env = process.env;
if (env.TEST_DATABASE_URL) {
  const database = `finishline_e2e_${Number(env.E2E_PORT ?? 5179)}`;
  const admin = new pg.Client({ connectionString: env.TEST_DATABASE_URL });
  await admin.connect();
  // One database per port, so browser runs on different ports (parallel worktrees) never drop each other's.
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  // Commits do not wait for the disk, as in the API tests (test/support/postgres-admin.ts).
  await admin.query(`ALTER DATABASE ${database} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(env.TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'finishline-e2e-'));
}
env.PORT = env.E2E_PORT ?? '5179';
env.NODE_ENV = 'production';
env.LOG_LEVEL = 'warn';
// The browser tests start from the demo data on either database.
env.SEED_DEMO_DATA = 'true';
// The Contact page's address (issue 28, item 16).
env.CONTACT_EMAIL ??= 'hello@finishline.test';
// Every answer the browser reads is checked against its endpoint's contract (decision 022).
env.VALIDATE_RESPONSES = 'true';
// The suite registers many users and fails logins on purpose from one address.
env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = '10000';
env.LOGIN_FAILURES_PER_ADDRESS = '10000';
env.REDIS_URL = env.TEST_REDIS_URL ?? '';
env.REDIS_KEY_PREFIX = `e2e-${process.pid}:`;
if (!env.REDIS_URL) delete env.REDIS_URL;

// A variable path keeps the type checker from requiring a build before it runs.
const entry = '../../dist/server/start-server.js';
const { startServer } = (await import(entry)) as typeof import('#server/start-server.js');
// Mail goes to a file the tests read (test/e2e/mail.ts) instead of the log.
await startServer({ mailer: createFileMailer(e2eMailFile(env.PORT)) });
