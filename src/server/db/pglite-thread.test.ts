import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.js';
import { uniqueViolation } from './errors.js';
import { PgliteThread, startPgliteThread } from './pglite-thread.js';
import { users } from './schema/users.js';

// The embedded database on its own thread (decision 081): what main.ts and startServer open. The
// app's drivers see the same answers, errors and transactions as from a PGlite in their own thread.
const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-pglite-thread-'));
let thread: PgliteThread;
let database: Database;

beforeAll(async () => {
  thread = await startPgliteThread({ dataDir });
  database = await openPglite({ client: thread });
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newUser = (username: string) => ({ username, email: `${username}@example.test`, passwordHash: 'x', role: 'finisher' as const });

describe('queries', () => {
  it('answers rows as objects or arrays, and runs a caller’s parsers on the text of their types', async () => {
    const objects = await thread.query<{ n: number; at: Date }>("SELECT 1::int AS n, '2026-11-28T10:00:00Z'::timestamptz AS at");
    expect(objects.rows[0]!.n).toBe(1);
    expect(objects.rows[0]!.at).toBeInstanceOf(Date);
    const arrays = await thread.query<unknown[]>("SELECT 2::int, '2026-11-28T10:00:00Z'::timestamptz, NULL::timestamptz", [], {
      rowMode: 'array',
      parsers: { 1184: (text: string) => `parsed ${text}` },
    });
    expect(arrays.rows[0]).toEqual([2, 'parsed 2026-11-28 10:00:00+00', null]);
  });

  it('serves drizzle: the schema migrated, rows written and read with dates and parameters', async () => {
    const [inserted] = await database.db.insert(users).values(newUser('thread_reader')).returning();
    expect(inserted!.createdAt).toBeInstanceOf(Date);
    const [read] = await database.db.select().from(users).where(eq(users.username, 'thread_reader'));
    expect(read).toEqual(inserted);
  });

  it('reports a database error with its SQLSTATE and constraint, as db/errors.ts reads them', async () => {
    await database.db.insert(users).values(newUser('thread_twice'));
    const error = await database.db
      .insert(users)
      .values(newUser('thread_twice'))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(uniqueViolation(error)).toMatch(/username/);
    await expect(thread.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01', message: expect.stringMatching(/no_such_table/) });
  });
});

describe('transactions', () => {
  it('commits, and rolls back on a thrown error or drizzle’s rollback', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('thread_committed'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('thread_thrown'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('thread_rolled_back'));
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    const names = (await thread.query<{ username: string }>("SELECT username FROM users WHERE username LIKE 'thread_%' ORDER BY username")).rows.map(
      (row) => row.username,
    );
    expect(names).toContain('thread_committed');
    expect(names).not.toContain('thread_thrown');
    expect(names).not.toContain('thread_rolled_back');
  });

  it('keeps a query from outside waiting until the transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("INSERT INTO users (username, email, password_hash, role) VALUES ('thread_waited', 'w@example.test', 'x', 'finisher')");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await entered;
    const outside = thread.query<{ count: number }>("SELECT count(*)::int AS count FROM users WHERE username = 'thread_waited'").then((result) => {
      order.push('outside');
      return result.rows[0]!.count;
    });
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('refuses a statement on a transaction that has ended', async () => {
    let kept: { query: (sql: string) => Promise<unknown> } | undefined;
    await thread.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });
});

describe('opening and closing', () => {
  it('keeps what was written across a close and a new thread on the same directory', async () => {
    await database.close();
    await expect(thread.query('SELECT 1')).rejects.toThrow(/stopped/);
    thread = await startPgliteThread({ dataDir });
    database = await openPglite({ client: thread });
    const names = (await thread.query<{ username: string }>("SELECT username FROM users WHERE username = 'thread_committed'")).rows;
    expect(names).toEqual([{ username: 'thread_committed' }]);
  }, 60_000);

  it('fails to start with the reason when the directory cannot hold a database', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'finishline-pglite-file-')), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(startPgliteThread({ dataDir: file })).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|exists/i);
    rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('lets statements wait for the opening, and fails them with its error', async () => {
    const early = new PgliteThread();
    const answer = early.query<{ n: number }>('SELECT 41 + 1 AS n');
    await early.open();
    expect((await answer).rows).toEqual([{ n: 42 }]);
    await early.close();

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'finishline-pglite-file-')), 'not-a-directory');
    writeFileSync(file, 'x');
    const failing = new PgliteThread();
    const opening = expect(failing.open({ dataDir: file })).rejects.toThrow(/EEXIST/);
    await expect(failing.query('SELECT 1')).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|exists/i);
    await opening;
    await failing.close();
    rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

it('builds the app without a statement, so that startServer builds it while the database opens', async () => {
  const { buildApp } = await import('#server/app.js');
  const { loadConfig } = await import('#server/config.js');
  const appDataDir = mkdtempSync(path.join(tmpdir(), 'finishline-pglite-app-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATA_DIR: appDataDir });
  const sent: string[] = [];
  const refuse = async (sql: string) => {
    sent.push(sql);
    throw new Error(`no statement expected while the app is built: ${sql}`);
  };
  const silent = await openPglite({ client: { query: refuse, exec: refuse, transaction: () => refuse('BEGIN'), close: async () => undefined } as never });
  const app = await buildApp({ config, database: silent, logger: false, clientDir: null });
  await app.ready();
  await app.close();
  rmSync(appDataDir, { recursive: true, force: true });
  expect(sent).toEqual([]);
});
