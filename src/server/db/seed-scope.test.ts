import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { seedDemoDataIfEmpty } from './seed.js';
import { bids } from './schema/bids.js';
import { projectCriteria, statementsOfWork } from './schema/scope.js';
import { changeOrders } from './schema/change-orders.js';
import { dealHistory } from './schema/deal.js';
import { payments } from './schema/payments.js';
import { projects } from './schema/projects.js';

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

it('seeds a paid change order held beside its deal’s payment on the ticketing deal (issue 18, item 6)', async () => {
  const db = t.database.db;
  const [changeOrder] = await db.select().from(changeOrders);
  expect(changeOrder).toMatchObject({ status: 'accepted', proposedBy: 'finisher', amountCents: 45_000, extraDays: 5 });
  const [project] = await db.select().from(projects).where(eq(projects.id, changeOrder!.projectId));
  expect(project).toMatchObject({ name: 'Event ticketing backend', status: 'in_progress' });
  const held = await db
    .select()
    .from(payments)
    .where(eq(payments.transferGroup, `project_${project!.id}`));
  expect(held.map((p) => [p.changeOrderId, p.status, p.amountCents]).sort()).toEqual(
    [
      [changeOrder!.id, 'held', 45_000],
      [null, 'held', 380_000],
    ].sort(),
  );
  const history = await db.select().from(dealHistory).where(eq(dealHistory.projectId, project!.id));
  expect(history.map((h) => h.kind)).toEqual(['payment_held', 'change_order_proposed', 'change_order_accepted', 'change_order_paid']);
});
