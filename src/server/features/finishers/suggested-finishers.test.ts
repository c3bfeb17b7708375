import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, insertPayment, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import type { SuggestedFinisher } from '#shared/contracts/finishers.js';
import { bids } from '#server/db/schema/bids.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { reviews } from '#server/db/schema/reviews.js';
import { splitPayment } from '#shared/domain/money.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

/** A completed, paid deal of `finisherId` for a throwaway owner, late when `late`, reviewed with `rating` when given. */
async function completedDeal(finisherId: number, options: { late?: boolean; rating?: number } = {}) {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'submitter' });
  const project = await createProject(db, { submitterId: owner.id, finisherId, status: 'completed', acceptedAt: new Date(), completedAt: new Date() });
  const [bid] = await db
    .insert(bids)
    .values({ projectId: project.id, finisherId, amountCents: 10_000, timelineDays: 3, message: 'A finished deal for the record.', status: 'completed' })
    .returning();
  await insertPayment(db, { bidId: bid!.id, ...splitPayment(10_000), status: 'released', heldAt: new Date() });
  if (options.late) await db.insert(dealHistory).values({ projectId: project.id, kind: 'deadline_passed', by: 'system', at: new Date() });
  if (options.rating)
    await db.insert(reviews).values({ projectId: project.id, reviewerId: owner.id, revieweeId: finisherId, rating: options.rating, revealedAt: new Date() });
}

describe('suggested finishers (GET /api/projects/{id}/suggested-finishers)', () => {
  it('ranks finishers who share the project technologies, leaves out bidders, and answers the owner only', async () => {
    const db = t.database.db;
    const tech = ['Elixir', 'Phoenix'];
    const both = await createUser(db, { role: 'finisher', skills: ['elixir', 'PHOENIX'], onboardingComplete: true });
    const oneRated = await createUser(db, { role: 'finisher', skills: ['Elixir'], onboardingComplete: true });
    const oneNew = await createUser(db, { role: 'finisher', skills: ['Elixir'], onboardingComplete: true });
    const bidder = await createUser(db, { role: 'finisher', skills: ['Elixir', 'Phoenix'] });
    await createUser(db, { role: 'finisher', skills: ['Cobol'] });
    await createUser(db, { role: 'submitter', skills: ['Elixir'] });
    for (let i = 0; i < 3; i += 1) await completedDeal(oneRated.id, { rating: 5, late: i === 0 });

    const project = await createProject(db, { submitterId: cast.owner.user.id, techStack: tech });
    await db.insert(bids).values({ projectId: project.id, finisherId: bidder.id, amountCents: 10_000, timelineDays: 3, message: 'I already bid on this one.' });

    const response = await cast.owner.api.get(`/api/projects/${project.id}/suggested-finishers`);
    expect(response.statusCode).toBe(200);
    const suggested = response.json() as SuggestedFinisher[];
    expect(suggested.map((s) => s.id)).toEqual([both.id, oneRated.id, oneNew.id]);
    expect(suggested[0]!.matchedSkills).toEqual(['Elixir', 'Phoenix']);
    expect(suggested[1]).toMatchObject({ matchedSkills: ['Elixir'], reviewCount: 3, completedDeals: 3, onTimeRate: 67, rating: 4.4 });
    expect(suggested[2]).toMatchObject({ rating: null, reviewCount: 0, completedDeals: 0, onTimeRate: null });
    for (const s of suggested) {
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThanOrEqual(1);
    }

    // Everyone else: a stranger, a finisher (the bidder), a visitor and an operator.
    expect((await cast.otherSubmitter.api.get(`/api/projects/${project.id}/suggested-finishers`)).statusCode).toBe(403);
    expect((await client(t.app, await signIn(t.app, bidder.email)).get(`/api/projects/${project.id}/suggested-finishers`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/projects/${project.id}/suggested-finishers`)).statusCode).toBe(401);
    const operator = await createUser(db, { role: 'operator' });
    const refused = await client(t.app, await signIn(t.app, operator.email)).get(`/api/projects/${project.id}/suggested-finishers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'Only the project owner can see suggested finishers' });
  });

  it('answers 404 for a missing project and a clear 400 for a bad id', async () => {
    const missing = await cast.owner.api.get('/api/projects/2147483647/suggested-finishers');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await cast.owner.api.get('/api/projects/abc/suggested-finishers');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('suggests nobody when no finisher shares a technology', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, techStack: ['Brainfuck-9000'] });
    const response = await cast.owner.api.get(`/api/projects/${project.id}/suggested-finishers`);
    expect(response.json()).toEqual([]);
  });
});
