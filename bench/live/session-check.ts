// The live connection's session check (issue 32, chat p99): at every heartbeat (30 s) each instance
// asks which of its sockets' sessions are still live, and closes the others' sockets.
//
//   npx tsx bench/live/session-check.ts [sessions] [rounds]      defaults: 2000 sessions, 30 rounds
//
// Creates a fresh database finishline_bench_session_check next to BENCH_DATABASE_URL (else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), seeds `sessions` users with a
// session each (bench/live's seed) and times, alternated round by round on one connection each:
// - the app: findLiveSessionHashes (one array parameter, a prepared statement);
// - before decision 071's addendum: the same question built by the query builder as an IN list of
//   every hash, hashed from the tokens at each check;
// - the baseline: the app's statement text sent by a bare pg client (no app code).
// For each: the wall time (p50, p95) and the part of it that held the event loop (the synchronous
// work before the statement leaves, p95): every socket's messages wait behind that part.
import { and, gt, inArray } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '#server/config.js';
import { openPostgres } from '#server/db/client.js';
import { sessions } from '#server/db/schema/users.js';
import { createSession, findLiveSessionHashes, hashToken } from '#server/plugins/session-store.js';
import { seedLiveData } from './seed.js';
import { recreateDatabase } from '../shared.js';

const SESSIONS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 30);
const WARMUP_ROUNDS = 3;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  if (!Number.isInteger(SESSIONS) || SESSIONS < 2 || SESSIONS % 2 !== 0) throw new Error(`sessions must be an even whole number, got ${process.argv[2]}`);
  const databaseUrl = await recreateDatabase('finishline_bench_session_check');
  const database = await openPostgres(databaseUrl, 1);
  const bare = new pg.Client({ connectionString: databaseUrl });
  try {
    await database.migrate();
    const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const deals = await seedLiveData(seedPool, SESSIONS / 2).finally(() => seedPool.end());
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false' });
    const tokens: string[] = [];
    for (const id of deals.flatMap((deal) => [deal.ownerId, deal.finisherId])) {
      tokens.push((await createSession(database.db, config, id, { userAgent: 'bench/live', ipAddress: '127.0.0.1' })).token);
    }
    const hashes = tokens.map(hashToken);
    await bare.connect();

    const ways: Record<string, () => Promise<number>> = {
      app: async () => (await findLiveSessionHashes(database.db, config, hashes)).size,
      'before (IN list, hashed per check)': async () => {
        const now = Date.now();
        const rows = await database.db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(
            and(
              inArray(sessions.tokenHash, tokens.map(hashToken)),
              gt(sessions.expiresAt, new Date(now)),
              gt(sessions.lastSeenAt, new Date(now - config.session.idleMs)),
            ),
          );
        return rows.length;
      },
      'baseline: bare pg, same statement': async () => {
        const now = Date.now();
        const { rows } = await bare.query({
          name: 'live_session_hashes',
          text: 'select "token_hash" from "sessions" where ("sessions"."token_hash" = any($1::text[]) and ("sessions"."expires_at" > $2 and "sessions"."last_seen_at" > $3))',
          values: [hashes, new Date(now), new Date(now - config.session.idleMs)],
        });
        return rows.length;
      },
    };
    const timings = new Map(Object.keys(ways).map((name) => [name, { wall: [] as number[], blocked: [] as number[] }]));
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const names = Object.keys(ways);
      if (round % 2 === 1) names.reverse();
      for (const name of names) {
        const start = performance.now();
        let blockedUntil = 0;
        // The first macrotask after the call runs once the synchronous part has returned.
        const loopFree = new Promise<void>((resolve) => setImmediate(() => ((blockedUntil = performance.now()), resolve())));
        const live = await ways[name]!();
        const wall = performance.now() - start;
        await loopFree;
        if (live !== SESSIONS) throw new Error(`${name} found ${live} live sessions of ${SESSIONS}`);
        if (round >= WARMUP_ROUNDS) {
          timings.get(name)!.wall.push(wall);
          timings.get(name)!.blocked.push(Math.min(blockedUntil - start, wall));
        }
      }
    }
    console.log(`Session check of ${SESSIONS} sockets' sessions, ${ROUNDS} rounds after ${WARMUP_ROUNDS}, alternated, one connection each\n`);
    console.log(`${'way'.padEnd(38)}${'wall p50 ms'.padStart(12)}${'wall p95 ms'.padStart(12)}${'loop held p95 ms'.padStart(18)}`);
    for (const [name, { wall, blocked }] of timings) {
      console.log(
        `${name.padEnd(38)}${percentile(wall, 50).toFixed(2).padStart(12)}${percentile(wall, 95).toFixed(2).padStart(12)}${percentile(blocked, 95).toFixed(2).padStart(18)}`,
      );
    }
  } finally {
    await bare.end().catch(() => undefined);
    await database.close();
  }
}

await main();
