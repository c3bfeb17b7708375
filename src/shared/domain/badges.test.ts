import { describe, expect, it } from 'vitest';
import type { TrustRecord } from '#shared/contracts/trust.js';
import { badges, earnedBadges, memberSinceLabel } from './badges.js';

const noDisputes = { total: 0, open: 0, won: 0, lost: 0, split: 0 };
const newcomer: TrustRecord = {
  userId: 1,
  username: 'newcomer',
  emailVerified: false,
  payoutVerified: false,
  memberSince: '2024-03-01T10:00:00.000Z',
  asFinisher: { dealsCompleted: 0, onTimeRate: null, disputes: noDisputes, rating: null, reviewCount: 0 },
  asOwner: { dealsPaid: 0, paidOnTimeRate: null, medianReviewHours: null, hireRate: null, disputes: noDisputes, projectsPosted: 0 },
};
const ids = (record: TrustRecord) => earnedBadges(record).map((badge) => badge.id);

describe('badges', () => {
  it('each has an id, a label and a rule written for a person', () => {
    expect(new Set(badges.map((b) => b.id)).size).toBe(badges.length);
    for (const badge of badges) expect(badge.rule).toMatch(/^[A-Z].*\.$/);
  });

  it('earns nothing before a fact', () => {
    expect(ids(newcomer)).toEqual([]);
    expect(memberSinceLabel(newcomer)).toBe('Member since 2024');
  });

  it('earns the finisher badges at their thresholds', () => {
    const finisher = (dealsCompleted: number, onTimeRate: number, lost = 0): TrustRecord => ({
      ...newcomer,
      emailVerified: true,
      payoutVerified: true,
      asFinisher: { ...newcomer.asFinisher, dealsCompleted, onTimeRate, disputes: { ...noDisputes, total: lost, lost } },
    });
    expect(ids(finisher(4, 100))).toEqual(['email-verified', 'payout-verified', 'no-lost-disputes']);
    expect(ids(finisher(5, 90))).toEqual(['email-verified', 'payout-verified', 'finished-deals', 'on-time', 'no-lost-disputes']);
    expect(ids(finisher(5, 89, 1))).toEqual(['email-verified', 'payout-verified', 'finished-deals']);
  });

  it('earns the owner badges at their thresholds', () => {
    const owner = (dealsPaid: number, paidOnTimeRate: number, medianReviewHours: number): TrustRecord => ({
      ...newcomer,
      asOwner: { ...newcomer.asOwner, dealsPaid, paidOnTimeRate, medianReviewHours },
    });
    expect(ids(owner(2, 100, 1))).toEqual(['no-lost-disputes']);
    expect(ids(owner(3, 100, 47.9))).toEqual(['no-lost-disputes', 'pays-on-time', 'reviews-fast']);
    expect(ids(owner(3, 67, 48))).toEqual(['no-lost-disputes']);
  });
});
