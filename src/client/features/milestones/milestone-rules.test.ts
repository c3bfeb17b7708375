import { describe, expect, it } from 'vitest';
import type { Milestone } from '#shared/contracts/milestones.js';
import { acceptedBidCents, plannedCents } from './milestone-rules.js';

const milestone = (amountCents?: number) => ({ amountCents }) as Milestone;

// How milestone amounts read ('$400', '$350.50') is the money formatter's test: src/shared/domain/money.test.ts.
describe('milestone display rules', () => {
  it('sums planned amounts in cents and finds the winning bid', () => {
    expect(plannedCents([milestone(40_000), milestone(35_050), milestone(10), milestone(20)])).toBe(75_080);
    expect(plannedCents([milestone(undefined)])).toBe(0);
    const bids = [
      { status: 'rejected', amountCents: 1_000 },
      { status: 'paid', amountCents: 100_000 },
    ] as Parameters<typeof acceptedBidCents>[0];
    expect(acceptedBidCents(bids)).toBe(100_000);
    expect(acceptedBidCents([])).toBeUndefined();
  });
});
