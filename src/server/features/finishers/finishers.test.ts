import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, insertPayment } from '#test/support/factories.js';
import { splitPayment } from '#shared/domain/money.js';
import { bids } from '#server/db/schema/bids.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

/** A finished deal between cast.owner and cast.finisher. */
async function acceptedProject(name: string) {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name });
  const bid = (
    await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 400, timeline: 4, message: 'Will deliver it in four days flat.' })
  ).json();
  await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
  // The money is held before the work is delivered (issue 26).
  await insertPayment(t.database.db, { bidId: bid.id, ...splitPayment(40_000), status: 'held', heldAt: new Date() });
  await cast.finisher.api.post(`/api/projects/${project.id}/complete`, { deliveryMessage: 'Done and documented.' });
  await cast.owner.api.post(`/api/projects/${project.id}/accept`, { accepted: true });
  return project;
}

describe('the developer directory', () => {
  it('lists finishers only, with the list-item fields, filtered by skills and availability', async () => {
    await t.database.db
      .update(users)
      .set({ skills: ['Rust', 'go'], onboardingComplete: true })
      .where(eq(users.id, cast.finisher.user.id));
    await t.database.db
      .update(users)
      .set({ skills: ['python'] })
      .where(eq(users.id, cast.otherFinisher.user.id));
    const all = (await cast.visitor.api.get('/api/developers')).json() as { id: number; username: string }[];
    expect(all.map((d) => d.id).sort()).toEqual([cast.finisher.user.id, cast.otherFinisher.user.id].sort());
    expect(Object.keys(all[0]!).sort()).toEqual([
      'avatarUrl',
      'averageRating',
      'bio',
      'completedProjects',
      'hourlyRate',
      'id',
      'location',
      'onboardingComplete',
      'reviewCount',
      'skills',
      'username',
      'yearsOfExperience',
    ]);
    const rust = (await cast.visitor.api.get('/api/developers?skills=rust,java')).json() as { id: number }[];
    expect(rust.map((d) => d.id)).toEqual([cast.finisher.user.id]);
    const unavailable = (await cast.visitor.api.get('/api/developers?available=false')).json() as { id: number }[];
    expect(unavailable.map((d) => d.id)).toEqual([cast.otherFinisher.user.id]);
    expect((await cast.visitor.api.get('/api/developers?available=maybe')).statusCode).toBe(400);
  });

  it('serves a public profile by username and 404 for an unknown one or a submitter', async () => {
    const profile = await cast.visitor.api.get(`/api/developers/${cast.finisher.user.username.toUpperCase()}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ username: cast.finisher.user.username });
    expect(JSON.stringify(profile.json())).not.toMatch(/password|email|stripe/i);
    expect((await cast.visitor.api.get('/api/developers/nobody-here')).json()).toEqual({ code: 'NOT_FOUND', message: 'Developer not found' });
    expect((await cast.visitor.api.get(`/api/developers/${cast.owner.user.username}`)).statusCode).toBe(404);
  });
});

describe('stats and reviews', () => {
  it('computes completed projects, acceptance rate and average rating from the history', async () => {
    const first = await acceptedProject('Finished app one');
    const second = await acceptedProject('Finished app two');
    // Two more bids that did not win: 2 won of 4 is 50%.
    for (const name of ['Lost bid one', 'Lost bid two']) {
      const project = await createProject(t.database.db, { submitterId: cast.otherSubmitter.user.id, name });
      await t.database.db.insert(bids).values({
        projectId: project.id,
        finisherId: cast.finisher.user.id,
        amountCents: 10_000,
        timelineDays: 3,
        message: 'x'.repeat(20),
        status: name.endsWith('one') ? 'rejected' : 'pending',
      });
    }
    expect((await cast.owner.api.post(`/api/projects/${first.id}/reviews`, { rating: 5, comment: 'Superb work' })).statusCode).toBe(201);
    expect((await cast.owner.api.post(`/api/projects/${second.id}/reviews`, { rating: 4 })).statusCode).toBe(201);
    // Reviews are double-blind (decision 059): the finisher's reviews reveal the owner's.
    for (const project of [first, second]) expect((await cast.finisher.api.post(`/api/projects/${project.id}/reviews`, { rating: 5 })).statusCode).toBe(201);

    const stats = (await cast.visitor.api.get(`/api/developers/${cast.finisher.user.username}/stats`)).json();
    expect(stats).toMatchObject({ completedProjects: 2, acceptanceRate: 50, bidCount: 4, averageRating: 4.5, reviewCount: 2 });
    expect(stats.projects.map((p: { name: string }) => p.name).sort()).toEqual(['Finished app one', 'Finished app two']);
    expect(stats.projects[0]).toMatchObject({ technologies: ['React', 'Node.js'], repoUrl: expect.stringMatching(/^https:\/\//) });
    expect(stats.projects[0].completedAt).not.toBeNull();

    const received = (await cast.visitor.api.get(`/api/developers/${cast.finisher.user.username}/reviews`)).json();
    expect(received.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
    expect(received.find((r: { rating: number }) => r.rating === 5)).toMatchObject({
      comment: 'Superb work',
      reviewer: { username: cast.owner.user.username },
    });
    expect((await cast.visitor.api.get('/api/developers/nobody-here/stats')).statusCode).toBe(404);
  });

  it('does not count work accepted with nothing paid as a completed deal (issue 26)', async () => {
    const before = (await cast.visitor.api.get(`/api/developers/${cast.finisher.user.username}/stats`)).json();
    // A row from before issue 26: accepted, the bid never paid.
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name: 'Accepted unpaid' });
    await t.database.db.insert(bids).values({
      projectId: project.id,
      finisherId: cast.finisher.user.id,
      amountCents: 10_000,
      timelineDays: 3,
      message: 'x'.repeat(20),
      status: 'accepted',
    });
    await t.database.db
      .update(projects)
      .set({ status: 'accepted', finisherId: cast.finisher.user.id, completedAt: new Date(), acceptedAt: new Date() })
      .where(eq(projects.id, project.id));
    const after = (await cast.visitor.api.get(`/api/developers/${cast.finisher.user.username}/stats`)).json();
    expect(after.completedProjects).toBe(before.completedProjects);
    expect(after.dealRecord.dealsCompleted).toBe(before.dealRecord.dealsCompleted);
    expect(after.projects.map((p: { name: string }) => p.name)).not.toContain('Accepted unpaid');
    const deal = (await cast.finisher.api.get(`/api/projects/${project.id}/deal`)).json();
    expect(deal.nextStep).toMatchObject({ action: 'pay', actor: 'owner' });
  });

  it('lets each party review once after acceptance, and nobody else', async () => {
    const project = await acceptedProject('Review rules');
    const again = await cast.owner.api.post(`/api/projects/${project.id}/reviews`, { rating: 3 });
    expect(again.statusCode).toBe(201);
    const twice = await cast.owner.api.post(`/api/projects/${project.id}/reviews`, { rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reviewed this project');
    expect((await cast.finisher.api.post(`/api/projects/${project.id}/reviews`, { rating: 5, comment: 'Clear brief' })).statusCode).toBe(201);
    for (const api of [cast.otherFinisher.api, cast.otherSubmitter.api]) {
      const refused = await api.post(`/api/projects/${project.id}/reviews`, { rating: 5 });
      expect(refused.statusCode).toBe(403);
    }
    expect((await cast.visitor.api.post(`/api/projects/${project.id}/reviews`, { rating: 5 })).statusCode).toBe(401);
    expect((await cast.finisher.api.post(`/api/projects/${project.id}/reviews`, { rating: 6 })).json().message).toBe(
      'Rating must be a whole number from 1 to 5',
    );

    const open = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const early = await cast.owner.api.post(`/api/projects/${open.id}/reviews`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Reviews open once the work has been accepted');

    // The owner's rating from the finisher shows on their project cards.
    const card = (await cast.visitor.api.get(`/api/projects/${project.id}`)).json();
    expect(card.submitter.rating).toBe(5);
    const listed = (await cast.visitor.api.get(`/api/projects/${project.id}/reviews`)).json();
    expect(listed).toHaveLength(2);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe('accepted');
  });
});
