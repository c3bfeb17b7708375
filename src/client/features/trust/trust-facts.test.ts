import { describe, expect, it } from 'vitest';
import type { TrustRecord } from '#shared/contracts/trust.js';
import { describeDisputes, describeReviewTime, memberSinceYear, trustFacts } from './trust-facts.js';

const noDisputes = { total: 0, open: 0, won: 0, lost: 0, split: 0 };
const newcomer: TrustRecord = {
  userId: 1,
  username: 'newcomer',
  emailVerified: true,
  payoutVerified: false,
  memberSince: '2024-12-31T23:30:00.000Z',
  asFinisher: { dealsCompleted: 0, onTimeRate: null, disputes: noDisputes, rating: null, reviewCount: 0 },
  asOwner: { dealsPaid: 0, paidOnTimeRate: null, medianReviewHours: null, hireRate: null, disputes: noDisputes, projectsPosted: 0 },
};

describe('trust facts (issue 30, item 7)', () => {
  it('says where there is no fact yet instead of showing a rate of nothing', () => {
    expect(trustFacts(newcomer, 'finisher')).toEqual([
      { label: 'Deals completed', value: '0' },
      { label: 'On-time rate', value: 'No completed deal yet' },
      { label: 'Disputes', value: 'None' },
      { label: 'Member since', value: '2024' },
    ]);
    expect(trustFacts(newcomer, 'owner')).toEqual([
      { label: 'Deals paid', value: '0' },
      { label: 'Paid on time', value: 'No payment due yet' },
      { label: 'Median review time', value: 'No delivery reviewed yet' },
      { label: 'Hire rate', value: 'No project yet' },
      { label: 'Disputes', value: 'None' },
      { label: 'Member since', value: '2024' },
    ]);
  });

  it('shows each side its own figures', () => {
    const record: TrustRecord = {
      ...newcomer,
      asFinisher: { ...newcomer.asFinisher, dealsCompleted: 7, onTimeRate: 86, disputes: { ...noDisputes, total: 2, won: 1, open: 1 } },
      asOwner: { ...newcomer.asOwner, dealsPaid: 4, paidOnTimeRate: 100, medianReviewHours: 24, hireRate: 71, projectsPosted: 7 },
    };
    expect(trustFacts(record, 'finisher').map((fact) => fact.value)).toEqual(['7', '86%', '2: 1 won, 1 open', '2024']);
    expect(trustFacts(record, 'owner').map((fact) => fact.value)).toEqual(['4', '100%', '24 hours', '71%', 'None', '2024']);
  });

  it('names every way a dispute ended, in one order', () => {
    expect(describeDisputes({ total: 4, open: 1, won: 0, lost: 2, split: 1 })).toBe('4: 2 lost, 1 split, 1 open');
  });

  it('gives a review time in hours under two days and in days from there', () => {
    expect(describeReviewTime(0.4)).toBe('Under an hour');
    expect(describeReviewTime(1.2)).toBe('1 hour');
    expect(describeReviewTime(47.4)).toBe('47 hours');
    expect(describeReviewTime(60)).toBe('2.5 days');
  });

  it('reads the year of joining in UTC, as the server records it', () => {
    expect(memberSinceYear(newcomer)).toBe('2024');
  });
});
