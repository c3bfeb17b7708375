import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { sessions } from '#server/db/schema/users.js';
import type { Database } from '#server/db/client.js';
import { createTestDatabase } from '#test/support/database.js';
import { createUser } from '#test/support/factories.js';
import { createSession, findLiveSessionHashes, hashToken } from './session-store.js';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });

describe('findLiveSessionHashes (the live connection drops the sockets of the others)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers the sessions still live among the hashes, whatever their number, in one statement', async () => {
    const user = await createUser(database.db, { role: 'finisher' });
    const open = async () => hashToken((await createSession(database.db, config, user.id, {})).token);
    const [live, signedOut, expired, idle] = [await open(), await open(), await open(), await open()];
    await database.db.delete(sessions).where(eq(sessions.tokenHash, signedOut));
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, expired));
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - config.session.idleMs - 1000) })
      .where(eq(sessions.tokenHash, idle));
    const strangers = Array.from({ length: 2000 }, (_, index) => hashToken(`no such token ${index}`));

    expect(await findLiveSessionHashes(database.db, config, [live, signedOut, expired, idle, ...strangers])).toEqual(new Set([live]));
    expect(await findLiveSessionHashes(database.db, config, [])).toEqual(new Set());
    // Inside a transaction too (unnamed there).
    await database.db.transaction(async (tx) => {
      expect(await findLiveSessionHashes(tx, config, [live, idle])).toEqual(new Set([live]));
    });
  });
});
