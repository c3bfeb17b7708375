import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { HOUR_MS } from '#test/support/clock.js';
import { createUser } from '#test/support/factories.js';
import type { TrustRecord } from '#shared/contracts/trust.js';

const DAY_MS = 24 * HOUR_MS;
let w: DealWorld;
let operator: Awaited<ReturnType<DealWorld['signInOperator']>>;
beforeAll(async () => {
  w = await createDealWorld();
  operator = await w.signInOperator();
});
afterAll(() => w.t.close());

const recordOf = async (id: number | string, api = w.cast.visitor.api): Promise<TrustRecord> => {
  const response = await api.get(`/api/users/${id}/record`);
  expect(response.statusCode).toBe(200);
  return response.json() as TrustRecord;
};
const noDisputes = { total: 0, open: 0, won: 0, lost: 0, split: 0 };
const accept = (projectId: number) => w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });

describe('a person’s record (GET /api/users/{id}/record)', () => {
  it('answers null where there is no fact yet, to anyone', async () => {
    const newcomer = await createUser(w.t.database.db, { role: 'finisher', emailVerifiedAt: null });
    for (const api of [w.cast.visitor.api, w.cast.otherSubmitter.api, operator.api, w.cast.finisher.api]) {
      expect(await recordOf(newcomer.id, api)).toEqual({
        userId: newcomer.id,
        username: newcomer.username,
        emailVerified: false,
        payoutVerified: false,
        memberSince: newcomer.createdAt.toISOString(),
        asFinisher: { dealsCompleted: 0, onTimeRate: null, disputes: noDisputes, rating: null, reviewCount: 0 },
        asOwner: { dealsPaid: 0, paidOnTimeRate: null, medianReviewHours: null, hireRate: null, disputes: noDisputes, projectsPosted: 0 },
      });
    }
  });

  it('answers 404 for an unknown user or an operator, 400 for a bad id, never a 500 at the edges of int', async () => {
    expect((await w.cast.visitor.api.get(`/api/users/${operator.user.id}/record`)).statusCode).toBe(404);
    expect((await w.cast.visitor.api.get('/api/users/2147483647/record')).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '2147483648', '-2147483649', '99999999999999999999']) {
      const response = await w.cast.visitor.api.get(`/api/users/${id}/record`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('records the payout account once the finisher finished onboarding', async () => {
    expect((await recordOf(w.cast.finisher.user.id)).payoutVerified).toBe(false);
    await w.onboardFinisher();
    expect(await recordOf(w.cast.finisher.user.id)).toMatchObject({ emailVerified: true, payoutVerified: true });
  });

  it('counts a completed deal, its timeliness, the revealed review, the payment and the review time', async () => {
    const deal = await w.paidDeal();
    w.clock.advance(2 * DAY_MS);
    expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
    w.clock.advance(20 * HOUR_MS);
    expect((await accept(deal.projectId)).statusCode).toBe(200);
    expect((await w.cast.owner.api.post(`/api/projects/${deal.projectId}/reviews`, { rating: 4, comment: 'Finished on time.' })).statusCode).toBe(201);
    // Double-blind (decision 059): hidden, so not counted, until the finisher reviews too.
    expect((await recordOf(w.cast.finisher.user.id)).asFinisher).toMatchObject({ rating: null, reviewCount: 0 });
    expect((await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/reviews`, { rating: 5 })).statusCode).toBe(201);

    const finisher = await recordOf(w.cast.finisher.user.id);
    expect(finisher.asFinisher).toEqual({ dealsCompleted: 1, onTimeRate: 100, disputes: noDisputes, rating: 4, reviewCount: 1 });
    const owner = await recordOf(w.cast.owner.user.id);
    expect(owner.asOwner).toEqual({ dealsPaid: 1, paidOnTimeRate: 100, medianReviewHours: 20, hireRate: 100, disputes: noDisputes, projectsPosted: 1 });
  });

  it('counts a late delivery against the on-time rate and takes the median review time', async () => {
    const deal = await w.paidDeal();
    // Past the bid's 7 days and the delivery grace.
    w.clock.advance(11 * DAY_MS);
    expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
    w.clock.advance(2 * HOUR_MS);
    expect((await w.requestRevision(deal.projectId)).statusCode).toBe(200);
    expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
    w.clock.advance(4 * HOUR_MS);
    expect((await accept(deal.projectId)).statusCode).toBe(200);

    expect((await recordOf(w.cast.finisher.user.id)).asFinisher).toMatchObject({ dealsCompleted: 2, onTimeRate: 50 });
    // Three decided deliveries: 20 h, 2 h and 4 h.
    expect((await recordOf(w.cast.owner.user.id)).asOwner).toMatchObject({ dealsPaid: 2, medianReviewHours: 4, hireRate: 100, projectsPosted: 2 });
  });

  it('counts a bid left unpaid past the payment window against paying on time and hiring', async () => {
    await w.acceptedDeal();
    // Within the window nothing is decided yet.
    expect((await recordOf(w.cast.owner.user.id)).asOwner).toMatchObject({ dealsPaid: 2, paidOnTimeRate: 100, hireRate: 100, projectsPosted: 3 });
    w.clock.advance(8 * DAY_MS);
    while ((await w.t.app.sweepDealTimers()) > 0);
    expect((await recordOf(w.cast.owner.user.id)).asOwner).toMatchObject({ dealsPaid: 2, paidOnTimeRate: 67, hireRate: 67, projectsPosted: 3 });
  });

  it('counts a dispute and how it ended, from each side', async () => {
    const deal = await w.paidDeal();
    expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
    const opened = await w.cast.owner.api.post(`/api/projects/${deal.projectId}/disputes`, {
      reason: 'The export does not work at all.',
      finisherAmountCents: 0,
    });
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json();
    expect((await recordOf(w.cast.finisher.user.id)).asFinisher.disputes).toEqual({ ...noDisputes, total: 1, open: 1 });
    const offer = dispute.offers.at(-1);
    expect((await w.cast.finisher.api.post(`/api/disputes/${dispute.id}/offers/${offer.id}/accept`)).statusCode).toBe(200);
    expect((await recordOf(w.cast.finisher.user.id)).asFinisher.disputes).toEqual({ ...noDisputes, total: 1, lost: 1 });
    expect((await recordOf(w.cast.owner.user.id)).asOwner.disputes).toEqual({ ...noDisputes, total: 1, won: 1 });
  });
});
