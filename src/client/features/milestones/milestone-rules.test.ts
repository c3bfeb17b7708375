import { describe, expect, it } from 'vitest';
import type { Milestone } from '#shared/contracts/milestones.js';
import { acceptedBidAmount, formatDueDate, formatMilestoneAmount, plannedAmount } from './milestone-rules.js';

const milestone = (amount?: number) => ({ amount }) as Milestone;

describe('milestone display rules', () => {
  it('shows cents only when the amount is not whole', () => {
    expect(formatMilestoneAmount(400)).toBe('$400');
    expect(formatMilestoneAmount(350.5)).toBe('$350.50');
    expect(formatMilestoneAmount(1000)).toBe('$1,000');
    expect(formatMilestoneAmount(0.1 + 0.2)).toBe('$0.30');
  });

  it('formats a due date without shifting the day', () => {
    expect(formatDueDate('2026-01-05')).toBe('Jan 5, 2026');
  });

  it('sums planned amounts in cents and finds the winning bid', () => {
    expect(plannedAmount([milestone(400), milestone(350.5), milestone(0.1), milestone(0.2)])).toBe(750.8);
    expect(plannedAmount([milestone(undefined)])).toBe(0);
    const bids = [
      { status: 'rejected', amount: 10 },
      { status: 'paid', amount: 1000 },
    ] as Parameters<typeof acceptedBidAmount>[0];
    expect(acceptedBidAmount(bids)).toBe(1000);
    expect(acceptedBidAmount([])).toBeUndefined();
  });
});
