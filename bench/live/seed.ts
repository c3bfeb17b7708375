// Seeds the live benchmark's database: DEALS submitters and DEALS finishers, one open project per
// submitter with one pending bid by "its" finisher, and each bid's conversation (channel + default
// thread) already open, as in a deal that is under way. Plain SQL with generate_series: well under a
// second. One argon2 hash shared by every user; nobody logs in (sessions are created directly).
import type pg from 'pg';
import { hashPassword } from '#server/plugins/passwords.js';

/**
 * User ids start here rather than at 1. With REDIS_URL the live channel and the send-rate counters
 * (chat_send:{userId}) are shared by every process on that Redis, test runs included, whose users
 * have small ids: these never collide with them.
 */
export const USER_ID_BASE = 1_900_000_000;

export interface Deal {
  bidId: number;
  ownerId: number;
  finisherId: number;
}

export async function seedLiveData(pool: pg.Pool, deals: number): Promise<Deal[]> {
  const passwordHash = await hashPassword('bench-password');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Users base+1 .. base+deals are submitters, base+deals+1 .. base+2*deals finishers.
    await client.query(
      `INSERT INTO users (id, username, email, password_hash, role)
       SELECT $1::int + g, 'live_' || g, 'live_' || g || '@bench.finishline.dev', $2,
              (CASE WHEN g <= $3 THEN 'submitter' ELSE 'finisher' END)::user_role
       FROM generate_series(1, 2 * $3::int) AS g`,
      [USER_ID_BASE, passwordHash, deals],
    );
    await client.query(
      `INSERT INTO projects (name, description, code_link, submitter_id, status, budget_cents)
       SELECT 'Realtime chat app ' || g, 'A half-built chat app that needs its live layer finished.',
              'https://github.com/live-bench/chat-' || g, $1::int + g, 'open', 100000
       FROM generate_series(1, $2::int) AS g`,
      [USER_ID_BASE, deals],
    );
    const { rows } = await client.query<{ bid_id: number; owner_id: number; finisher_id: number }>(
      `INSERT INTO bids (project_id, finisher_id, amount_cents, timeline_days, message)
       SELECT p.id, p.submitter_id + $1::int, 90000, 14, 'I can finish the live layer in two weeks.'
       FROM projects p
       RETURNING id AS bid_id, finisher_id - $1::int AS owner_id, finisher_id`,
      [deals],
    );
    await client.query(
      `INSERT INTO conversation_channels (project_id, creator_id, developer_id, bid_id)
       SELECT b.project_id, p.submitter_id, b.finisher_id, b.id FROM bids b JOIN projects p ON p.id = b.project_id`,
    );
    // The title the server would give the thread on first use (defaultThreadTitle).
    await client.query(
      `INSERT INTO conversation_threads (channel_id, type, title)
       SELECT c.id, 'general', 'Bid #' || c.bid_id || ': ' || p.name FROM conversation_channels c JOIN projects p ON p.id = c.project_id`,
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    return rows.map((row) => ({ bidId: row.bid_id, ownerId: row.owner_id, finisherId: row.finisher_id })).sort((a, b) => a.ownerId - b.ownerId);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
