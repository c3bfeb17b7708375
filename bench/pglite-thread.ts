// What the embedded database's own thread (decision 081) costs each statement, beside the same
// PGlite opened in this thread (the baseline, as before the decision), alternated round by round.
//
//   npx tsx bench/pglite-thread.ts [statements]      (default 2000 per round, 5 rounds)
//
// Both open a copy of one migrated data directory with a project and 20 bids, then send, one after
// another: a one-row read by primary key (drizzle, as a request's first statement does), a 20-row
// read (a project's bids), and a one-row insert in a transaction (BEGIN, INSERT, COMMIT). Prints the
// median wall time per statement of each, for each way, and the thread's extra.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { type Database, openPglite } from '#server/db/client.js';
import { startPgliteThread } from '#server/db/pglite-thread.js';
import { bids } from '#server/db/schema/bids.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

const statements = Number(process.argv[2] ?? 2000);
const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const template = mkdtempSync(path.join(tmpdir(), 'finishline-bench-pglite-thread-'));
let projectId = 0;
{
  const database = await openPglite({ dataDir: template });
  await database.migrate();
  // One bid per finisher and project: an owner and 20 finishers.
  const [owner, ...finishers] = await database.db
    .insert(users)
    .values(
      Array.from({ length: 21 }, (_, i) => ({
        username: `bench_${i}`,
        email: `${i}@bench.test`,
        passwordHash: 'x',
        role: i === 0 ? ('submitter' as const) : ('finisher' as const),
      })),
    )
    .returning();
  const [project] = await database.db
    .insert(projects)
    .values({ name: 'Bench project', description: 'Measured', techStack: ['TypeScript'], codeLink: 'https://example.test/repo', submitterId: owner!.id })
    .returning();
  projectId = project!.id;
  await database.db.insert(bids).values(
    finishers.map((finisher, i) => ({
      projectId,
      finisherId: finisher.id,
      amountCents: 10_000 + i,
      timelineDays: 7,
      message: `bid ${i}: a proposal of a few words.`,
    })),
  );
  await database.close();
}

async function open(way: 'thread' | 'in-process', dataDir: string): Promise<Database> {
  return way === 'thread' ? openPglite({ client: await startPgliteThread({ dataDir }) }) : openPglite({ dataDir });
}

async function perStatement(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 100; i++) await run(); // warm-up
  const start = performance.now();
  for (let i = 0; i < statements; i++) await run();
  return ((performance.now() - start) * 1000) / statements; // µs
}

const results: Record<string, Record<string, number[]>> = { thread: {}, 'in-process': {} };
for (let round = 0; round < ROUNDS; round++) {
  for (const way of round % 2 === 0 ? (['thread', 'in-process'] as const) : (['in-process', 'thread'] as const)) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-bench-pglite-copy-'));
    cpSync(template, dataDir, { recursive: true });
    const database = await open(way, dataDir);
    const { db } = database;
    const measured = {
      'read one row': await perStatement(() => db.select().from(projects).where(eq(projects.id, projectId)).limit(1)),
      'read 20 rows': await perStatement(() => db.select().from(bids).where(eq(bids.projectId, projectId))),
      'insert in a transaction': await perStatement(() =>
        db.transaction((tx) =>
          tx.insert(users).values({ username: `u${Math.random()}`, email: `${Math.random()}@bench.test`, passwordHash: 'x', role: 'finisher' }),
        ),
      ),
    };
    for (const [name, us] of Object.entries(measured)) (results[way]![name] ??= []).push(us);
    console.log(
      `round ${round + 1} ${way.padEnd(10)}: ${Object.entries(measured)
        .map(([name, us]) => `${name} ${us.toFixed(0)} µs`)
        .join(', ')}`,
    );
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
rmSync(template, { recursive: true, force: true });

console.log(`\nmedian of ${ROUNDS} rounds, ${statements} statements each, one after another (µs per statement)`);
console.log(`${'statement'.padEnd(26)}${'in-process'.padStart(12)}${'thread'.padStart(10)}${'extra'.padStart(10)}`);
for (const name of Object.keys(results.thread!)) {
  const base = median(results['in-process']![name]!);
  const thread = median(results.thread![name]!);
  console.log(
    `${name.padEnd(26)}${base.toFixed(0).padStart(12)}${thread.toFixed(0).padStart(10)}${`${(thread - base).toFixed(0)} (${(thread / base).toFixed(2)}x)`.padStart(16)}`,
  );
}
