import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { seedDemoDataIfEmpty } from './seed.js';
import { bids } from './schema/bids.js';
import { projectCriteria, statementsOfWork } from './schema/scope.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds criteria on open projects, answered, shortlisted and declined bids, and a statement of work on a deal under way (issue 18)', async () => {
  expect(await seedDemoDataIfEmpty(t.database.db)).toBe(true);
  const db = t.database.db;
  expect(await db.$count(projectCriteria)).toBe(7);
  expect(await db.$count(bids, eq(bids.status, 'declined'))).toBe(1);
  const [statement] = await db.select().from(statementsOfWork);
  expect(statement!.criteria.map((c) => c.answer)).toEqual(['agree', 'clarify']);
  const recipe = await t.app.inject({ url: '/api/projects/1' });
  expect(recipe.json().acceptanceCriteria).toHaveLength(3);
});
