import { describe, expect, it } from 'vitest';
import { acceptanceRateOf, countsInAcceptanceRate } from './bid-lifecycle.js';

describe('the acceptance rate (one rule for the profile and the dashboard)', () => {
  it('leaves withdrawn bids out and counts every other status', () => {
    expect(countsInAcceptanceRate('withdrawn')).toBe(false);
    for (const status of ['pending', 'accepted', 'paid', 'completed', 'rejected'] as const) expect(countsInAcceptanceRate(status)).toBe(true);
  });

  it('is winning bids over counted bids in whole percent, 0 without any', () => {
    expect(acceptanceRateOf({ won: 0, counted: 0 })).toBe(0);
    expect(acceptanceRateOf({ won: 1, counted: 3 })).toBe(33);
    expect(acceptanceRateOf({ won: 2, counted: 3 })).toBe(67);
  });
});
