import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturingMailer } from '#test/fakes/email.js';
import { DAY_MS } from '#test/support/clock.js';
import { createDealWorld } from '#test/support/deal.js';
import { createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import type { Review } from '#shared/contracts/reviews.js';
import { REVEAL_REVIEWS_JOB, revealReviewsJobKey } from '#shared/domain/reviews.js';
import { jobs } from '#server/db/schema/jobs.js';
import { notifications } from '#server/db/schema/notifications.js';

const mailer = new CapturingMailer();
let w: Awaited<ReturnType<typeof createDealWorld>>;
beforeAll(async () => {
  w = await createDealWorld({}, { mailer });
});
afterAll(() => w.t.close());

/** A deal paid, delivered and accepted: both parties may review. */
async function acceptedWork() {
  const deal = await w.paidDeal();
  expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
  expect((await w.cast.owner.api.post(`/api/projects/${deal.projectId}/accept`, { accepted: true })).statusCode).toBe(200);
  return deal;
}

const review = (api: typeof w.cast.owner.api, projectId: number, body: Record<string, unknown>) => api.post(`/api/projects/${projectId}/reviews`, body);
const reviewsOf = async (api: typeof w.cast.owner.api, projectId: number) => (await api.get(`/api/projects/${projectId}/reviews`)).json() as Review[];
const publicReviews = async () => (await w.cast.visitor.api.get(`/api/developers/${w.cast.finisher.user.username}/reviews`)).json() as Review[];
const stats = async () => (await w.cast.visitor.api.get(`/api/developers/${w.cast.finisher.user.username}/stats`)).json();
const revealJobs = (projectId: number) =>
  w.t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, REVEAL_REVIEWS_JOB), eq(jobs.key, revealReviewsJobKey(projectId))));

describe('double-blind reviews (issue 30, item 8)', () => {
  it('hides a review from the other party and the public until both have reviewed, then shows both', async () => {
    const { projectId } = await acceptedWork();
    const acceptedAt = w.clock.now().getTime();
    const before = await stats();

    const written = await review(w.cast.owner.api, projectId, { rating: 2, comment: 'Slow to answer.' });
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ rating: 2, revealedAt: null, revealsAt: new Date(acceptedAt + 14 * DAY_MS).toISOString() });

    // Its author reads it; nobody else does, nor does any rating count it.
    expect((await reviewsOf(w.cast.owner.api, projectId)).map((r) => r.rating)).toEqual([2]);
    for (const api of [w.cast.finisher.api, w.cast.otherFinisher.api, w.cast.otherSubmitter.api, w.cast.visitor.api])
      expect(await reviewsOf(api, projectId)).toEqual([]);
    expect((await publicReviews()).map((r) => r.projectId)).not.toContain(projectId);
    expect((await stats()).reviewCount).toBe(before.reviewCount);

    // The finisher learns a review waits, not what it says.
    const [told] = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.cast.finisher.user.id), eq(notifications.title, 'You have a new review')));
    expect(told!.content).toMatch(/^\S+ reviewed you on ".+"\. You will see it once you leave your own review, or on .+\.$/);
    expect(told!.content).not.toContain('Slow to answer');
    await expect.poll(() => mailer.to(w.cast.finisher.user.email).filter((m) => m.subject.includes('reviewed you')).length).toBe(1);
    const [mail] = mailer.to(w.cast.finisher.user.email).filter((m) => m.subject.includes('reviewed you'));
    expect(mail!.text).toContain('Reviews are double-blind');
    expect(mail!.text).not.toContain('Slow to answer');
    expect(await revealJobs(projectId)).toHaveLength(1);

    // While hidden its author may change it.
    const changed = await w.cast.owner.api.patch(`/api/reviews/${written.json().id}`, { rating: 3, comment: 'Slow to answer, good code.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ rating: 3, comment: 'Slow to answer, good code.', updatedAt: expect.any(String), revealedAt: null });

    // The second review reveals both, for everyone; the reveal job goes.
    expect((await review(w.cast.finisher.api, projectId, { rating: 5 })).statusCode).toBe(201);
    for (const api of [w.cast.owner.api, w.cast.finisher.api, w.cast.visitor.api]) {
      const shown = await reviewsOf(api, projectId);
      expect(shown.map((r) => r.rating).sort()).toEqual([3, 5]);
      expect(shown.every((r) => r.revealedAt !== null && r.revealsAt === null)).toBe(true);
    }
    expect((await publicReviews()).find((r) => r.projectId === projectId)).toMatchObject({ rating: 3 });
    expect((await stats()).reviewCount).toBe(before.reviewCount + 1);
    expect(await revealJobs(projectId)).toEqual([]);
    for (const user of [w.cast.owner.user, w.cast.finisher.user]) {
      const visible = await w.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Reviews are visible')));
      expect(visible.map((n) => n.relatedId)).toEqual([projectId]);
    }

    // Revealed: no longer changed.
    const late = await w.cast.owner.api.patch(`/api/reviews/${written.json().id}`, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'CONFLICT', message: 'A review cannot be changed once it is visible' });
  });

  it('reveals a lone review 14 days after the work was accepted, once, and a review written after that at once', async () => {
    const { projectId } = await acceptedWork();
    const written = (await review(w.cast.finisher.api, projectId, { rating: 4, comment: 'Clear brief.' })).json() as Review;
    w.clock.advance(14 * DAY_MS - 1);
    while ((await w.t.app.sweepDealTimers()) > 0);
    expect(await reviewsOf(w.cast.owner.api, projectId)).toEqual([]);

    w.clock.advance(1);
    while ((await w.t.app.sweepDealTimers()) > 0);
    const shown = await reviewsOf(w.cast.owner.api, projectId);
    expect(shown.map((r) => [r.id, r.revealedAt])).toEqual([[written.id, w.clock.now().toISOString()]]);
    const told = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedId, projectId), eq(notifications.title, 'Reviews are visible')));
    expect(told.map((n) => n.userId).sort()).toEqual([w.cast.owner.user.id, w.cast.finisher.user.id].sort());

    // After the window, a review shows as soon as it is written.
    const after = await review(w.cast.owner.api, projectId, { rating: 5 });
    expect(after.json().revealedAt).toBe(w.clock.now().toISOString());
    expect((await reviewsOf(w.cast.visitor.api, projectId)).map((r) => r.rating).sort()).toEqual([4, 5]);
  });

  it('reveals both when the two reviews arrive at once', async () => {
    const { projectId } = await acceptedWork();
    const answers = await Promise.all([review(w.cast.owner.api, projectId, { rating: 5 }), review(w.cast.finisher.api, projectId, { rating: 4 })]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const shown = await reviewsOf(w.cast.visitor.api, projectId);
    expect(shown).toHaveLength(2);
    expect(shown.every((r) => r.revealedAt !== null)).toBe(true);
  });

  it('lets only its author change a hidden review, with clear answers to bad input', async () => {
    const { projectId } = await acceptedWork();
    const written = (await review(w.cast.owner.api, projectId, { rating: 4 })).json() as Review;
    const operator = await createUser(w.t.database.db, { role: 'operator' });
    const operatorApi = client(w.t.app, await signIn(w.t.app, operator.email));
    for (const [api, status] of [
      [w.cast.finisher.api, 403],
      [w.cast.otherFinisher.api, 403],
      [w.cast.otherSubmitter.api, 403],
      [operatorApi, 403],
      [w.cast.visitor.api, 401],
    ] as const) {
      const refused = await api.patch(`/api/reviews/${written.id}`, { rating: 1 });
      expect(refused.statusCode).toBe(status);
    }
    expect((await w.cast.finisher.api.patch(`/api/reviews/${written.id}`, { rating: 1 })).json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only change your own review',
    });
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      {},
      { rating: 5, stars: 5 },
      { rating: 5, comment: 'x'.repeat(2001) },
    ]) {
      const response = await w.cast.owner.api.patch(`/api/reviews/${written.id}`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await w.cast.owner.api.patch('/api/reviews/2147483647', { rating: 5 })).statusCode).toBe(404);
    for (const id of ['0', '-1', '2147483648', 'abc']) expect((await w.cast.owner.api.patch(`/api/reviews/${id}`, { rating: 5 })).statusCode).toBe(400);
    expect((await reviewsOf(w.cast.owner.api, projectId))[0]).toMatchObject({ rating: 4, updatedAt: null });
  });
});
