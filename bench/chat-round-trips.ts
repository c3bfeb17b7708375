// Database round trips per chat message (issue 17, decision 031; aim: at most 3).
//
//   npm run bench:chat [-- messages]        (default 20, at most 200)
//
// Builds the app (production configuration, no logger) on an in-memory PGlite, or on a fresh
// PostgreSQL database `finishline_bench_chat` when BENCH_CHAT_POSTGRES=1 (server as for the other
// benchmarks: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
// makes an owner, a project and a finisher's bid, signs both in, then sends the conversation's
// first message and `messages` more through POST /api/bids/{bidId}/messages (app.inject), the two
// parties taking turns. Every statement sent to the database counts as a round trip, BEGIN and
// COMMIT included (test/support/round-trips.ts wraps the PGlite client or pg.Client#query). It
// prints the first message's count, the others' min / median / max, and the statements of the
// last one. Counts, not times: the load of the machine does not change them.
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { type Database, openPglite, openPostgres } from '#server/db/client.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { countRoundTrips } from '#test/support/round-trips.js';
import { recreateDatabase } from './shared.js';

const messages = Math.min(200, Math.max(1, Number(process.argv[2] ?? 20)));
const onPostgres = process.env.BENCH_CHAT_POSTGRES === '1';

async function openDatabase(): Promise<Database> {
  if (!onPostgres) return openPglite();
  return openPostgres(await recreateDatabase('finishline_bench_chat'), 5);
}

const database = await openDatabase();
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  DEAL_SWEEP_INTERVAL: '0',
  // Not what is measured: the two senders must never be refused.
  CHAT_MESSAGES_PER_MINUTE: '1000',
});
const app = await buildApp({ config, database, logger: false, clientDir: null });
await app.ready();

try {
  const owner = await createUser(database.db);
  const finisher = await createUser(database.db, { role: 'finisher' });
  const project = await createProject(database.db, { submitterId: owner.id });
  const ownerCookie = await signIn(app, owner.email);
  const finisherCookie = await signIn(app, finisher.email);
  const placed = await app.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/bids`,
    headers: { cookie: finisherCookie },
    payload: { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' },
  });
  if (placed.statusCode !== 201) throw new Error(`placing the bid failed: ${placed.statusCode} ${placed.body}`);
  const bidId = placed.json<{ id: number }>().id;

  const counter = countRoundTrips(database);
  const send = async (cookie: string, content: string) => {
    counter.reset();
    const response = await app.inject({ method: 'POST', url: `/api/bids/${bidId}/messages`, headers: { cookie }, payload: { content } });
    if (response.statusCode !== 201) throw new Error(`sending failed: ${response.statusCode} ${response.body}`);
    return [...counter.statements];
  };

  const first = await send(finisherCookie, 'Hello, I can start on Monday.');
  const counts: number[] = [];
  let last: string[] = [];
  for (let i = 0; i < messages; i++) {
    last = await send(i % 2 === 0 ? ownerCookie : finisherCookie, `Message ${i + 1}: sounds good, see the checklist.`);
    counts.push(last.length);
  }
  counter.stop();

  const sorted = [...counts].sort((a, b) => a - b);
  console.log(`Database: ${database.kind}; ${messages} messages after the first, the two parties taking turns`);
  console.log(`first message (opens the conversation): ${first.length} round trips`);
  console.log(`each later message: min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)} round trips (aim: at most 3)`);
  console.log('statements of the last message:');
  for (const statement of last) console.log(`  ${statement}`);
  if (sorted.at(-1)! > 3) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
