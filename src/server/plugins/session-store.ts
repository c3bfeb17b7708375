// The session store: every read and write of the sessions table that signing in, the session
// loader (session.ts) and the live connection share. Only a token's SHA-256 is stored
// (docs/decisions/003-sessions-in-our-own-table.md).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Config } from '#server/config.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { mapRowsOnce, preparedPerDb } from '#server/db/prepared.js';
import { sessions, type UserRow, users } from '#server/db/schema/users.js';

// last_seen_at is written at most this often per session, not on every request.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random 256-bit token for the cookie; only its hash is stored. */
export async function createSession(
  db: DbOrTx,
  config: Config,
  userId: number,
  meta: { userAgent?: string; ipAddress?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.session.absoluteMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512),
    ipAddress: meta.ipAddress,
  });
  // Sweep this user's dead sessions while we are here.
  const idleCutoff = new Date(Date.now() - config.session.idleMs);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff))));
  return { token, expiresAt };
}

const sessionUserQuery = (db: DbOrTx) =>
  db.select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt }).from(sessions).innerJoin(users, eq(users.id, sessions.userId));

// Every signed-in request reads its session: prepared once per database handle (decision 031).
const selectSessionUser = preparedPerDb(
  (db: Db) =>
    mapRowsOnce(
      sessionUserQuery(db)
        .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
        .limit(1)
        .prepare('session_user'),
    ),
  (db, params: { tokenHash: string }) => sessionUserQuery(db).where(eq(sessions.tokenHash, params.tokenHash)).limit(1),
);

/** The user behind a cookie token, or null when the session is unknown, idle too long or past its absolute expiry. */
export async function findSessionUser(db: DbOrTx, config: Config, token: string): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await selectSessionUser(db, { tokenHash });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + config.session.idleMs <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** A session is live until either expiry, even if no request has swept it yet: over values, or placeholders of a prepared statement. */
function liveSessionRule(now: Date | Placeholder, idleSince: Date | Placeholder) {
  return and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince));
}

/** Sessions past either expiry are dead even if no request has swept them yet. */
export function isLiveSession(config: Config, now: number) {
  return liveSessionRule(new Date(now), new Date(now - config.session.idleMs));
}

const liveSessionHashesQuery = (db: DbOrTx, now: Date | Placeholder, idleSince: Date | Placeholder) =>
  db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, liveSessionRule(now, idleSince)));

/**
 * Which of these sessions (by token hash) are still live: the live connection drops the sockets of
 * the others at every heartbeat. One array parameter and a prepared statement, whatever the number of
 * sockets: built by the query builder, an IN list of 2,000 hashes took 30 to 80 ms of the event loop.
 */
const selectLiveSessionHashes = preparedPerDb(
  (db: Db) => liveSessionHashesQuery(db, sql.placeholder('now'), sql.placeholder('idleSince')).prepare('live_session_hashes'),
  (db, params: { hashes: string[]; now: Date; idleSince: Date }) => liveSessionHashesQuery(db, params.now, params.idleSince).execute({ hashes: params.hashes }),
);

export async function findLiveSessionHashes(db: DbOrTx, config: Config, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const now = Date.now();
  const rows = await selectLiveSessionHashes(db, { hashes, now: new Date(now), idleSince: new Date(now - config.session.idleMs) });
  return new Set(rows.map((row) => row.tokenHash));
}

/** Ends every session of the user, or every one but `keepToken`'s. Returns how many ended. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepToken?: string): Promise<number> {
  const kept = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), kept))
    .returning({ id: sessions.id });
  return ended.length;
}
