import { describe, expect, it } from 'vitest';
import { finisherStats } from './dashboard-rules.js';

describe('finisherStats', () => {
  it('leaves withdrawn bids out of the acceptance rate, as the public profile does', () => {
    const bids = [
      { projectId: 1, status: 'accepted' as const },
      { projectId: 2, status: 'rejected' as const },
      { projectId: 3, status: 'withdrawn' as const },
    ];
    const stats = finisherStats(bids, []);
    expect(stats.acceptanceRate).toBe(50);
    expect(stats.applications).toBe(3);
  });
});
