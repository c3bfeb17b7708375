import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, createUser } from '#test/support/factories.js';
import { createTestDatabase } from '#test/support/database.js';
import type { Database } from './client.js';
import { mapRowsOnce, namedByText, preparedRows } from './prepared.js';
import { selectRows } from './raw-rows.js';
import { projectColumns, projects } from './schema/projects.js';
import { users } from './schema/users.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  const finisher = await createUser(database.db, { role: 'finisher' });
  await createProject(database.db, { submitterId: owner.id });
  await createProject(database.db, { submitterId: owner.id, finisherId: finisher.id, budgetCents: 120_000, completedAt: new Date('2026-01-02T03:04:05.678Z') });
});
afterAll(() => database.close());

const finishers = alias(users, 'finisher');
function selectWithEveryKind() {
  return database.db
    .select({
      project: projectColumns,
      submitterUsername: users.username,
      finisherUsername: finishers.username,
      bidCount: sql<number>`(select 3)`.mapWith(Number),
      tags: sql<string[]>`array['a', 'b']`,
      json: sql<{ id: number }[]>`json_build_array(json_build_object('id', ${projects.id}))`,
      createdText: sql<string>`${projects.createdAt}::text`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.submitterId))
    .leftJoin(finishers, eq(finishers.id, projects.finisherId))
    .orderBy(projects.id);
}

describe('mapRowsOnce', () => {
  it('answers what drizzle maps: dates, arrays, json, numbers and nulls alike', async () => {
    const mappedByDrizzle = await selectWithEveryKind();
    const mappedOnce = await mapRowsOnce(selectWithEveryKind().prepare('prepared_test_every_kind')).execute();
    expect(mappedByDrizzle).toHaveLength(2);
    expect(mappedOnce).toEqual(mappedByDrizzle);
    expect(mappedOnce[1]!.project.completedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
  });

  it('refuses a nested object of a left-joined table, which drizzle would turn into null', () => {
    const select = database.db
      .select({ project: projectColumns, finisher: { id: finishers.id } })
      .from(projects)
      .leftJoin(finishers, eq(finishers.id, projects.finisherId));
    expect(() => mapRowsOnce(select.prepare('prepared_test_left_join'))).toThrow(/left join/);
  });
});

describe('preparedRows', () => {
  const selectNames = preparedRows<{ ids: number[]; least: number }, { id: number; name: string }>(
    'prepared_rows_test',
    sql`select id, name from projects where id = any(${sql.placeholder('ids')}::int[]) and id >= ${sql.placeholder('least')} order by id`,
  );

  it('answers the same rows from the handle, again with other values, and inside a transaction', async () => {
    const all = await database.db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(projects.id);
    const ids = all.map((row) => row.id);
    expect(await selectNames(database.db, { ids, least: 0 })).toEqual(all);
    expect(await selectNames(database.db, { ids, least: ids[1]! })).toEqual(all.slice(1));
    expect(await database.db.transaction((tx) => selectNames(tx, { ids: [ids[0]!], least: 0 }))).toEqual(all.slice(0, 1));
  });
});

describe('namedByText', () => {
  /** The names the handle's statements were prepared under, in order (undefined: unnamed). */
  async function namesUsed(run: () => Promise<unknown>): Promise<(string | undefined)[]> {
    const { session } = (database.db as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => unknown } } })._;
    const spy = vi.spyOn(session, 'prepareQuery');
    try {
      await run();
      return spy.mock.calls.map((call) => call[2] as string | undefined);
    } finally {
      spy.mockRestore();
    }
  }

  it('names a statement by its text, answers what an unnamed one does, and leaves a transaction and the shapes past its limit unnamed', async () => {
    const select = namedByText('named_by_text_test', 2);
    const byId = (least: number) => sql`select id, name from projects where id >= ${least} order by id`;
    const byName = (name: string) => sql`select id from projects where name = ${name}`;
    const byStatus = sql`select id from projects where status = ${'open'}`;
    const expected = await selectRows(database.db, byId(0));
    expect(expected.length).toBeGreaterThan(0);

    const names = await namesUsed(async () => {
      expect(await select(database.db, byId(0))).toEqual(expected);
      // The same text with another value: the same name.
      expect(await select(database.db, byId(2_000_000_000))).toEqual([]);
      await select(database.db, byName('x'));
      // A third text, past the limit of two: unnamed.
      await select(database.db, byStatus);
    });
    expect(names).toEqual(['named_by_text_test_1', 'named_by_text_test_1', 'named_by_text_test_2', undefined]);

    const inTransaction = await database.db.transaction(async (tx) => select(tx, byId(0)));
    expect(inTransaction).toEqual(expected);
  });
});
