import { describe, expect, it } from 'vitest';
import { bayesianRating, type FinisherFacts, matchedSkills, rankSuggestedFinishers } from './finisher-ranking.js';

const now = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const finisher = (id: number, facts: Partial<FinisherFacts> = {}): FinisherFacts => ({
  id,
  skills: ['React', 'Node.js'],
  ratingAverage: null,
  ratingCount: 0,
  completedDeals: 0,
  onTimeDeals: 0,
  lastActiveAt: daysAgo(1),
  ...facts,
});

const order = (techStack: string[], candidates: FinisherFacts[]) => rankSuggestedFinishers(techStack, candidates, { now }).map((s) => s.id);

describe('the Bayesian rating', () => {
  it('pulls a short record towards the prior: one 5-star review does not beat forty of 4.8', () => {
    expect(bayesianRating(5, 1)).toBeLessThan(bayesianRating(4.8, 40));
    expect(bayesianRating(5, 1)).toBeCloseTo(4.17, 2);
    expect(bayesianRating(4.8, 40)).toBeCloseTo(4.71, 2);
  });

  it('is the prior without reviews, and nears the mean as reviews add up', () => {
    expect(bayesianRating(null, 0)).toBe(4);
    expect(bayesianRating(3, 10_000)).toBeCloseTo(3, 2);
  });
});

describe('suggested finishers', () => {
  it('matches technologies in any letter case, in the project order and spelling', () => {
    expect(matchedSkills(['TypeScript', 'React', 'PostgreSQL'], ['postgresql', 'REACT'])).toEqual(['React', 'PostgreSQL']);
  });

  it('leaves out anyone who shares none of the project technologies', () => {
    expect(order(['Rust'], [finisher(1), finisher(2, { skills: ['rust'] })])).toEqual([2]);
  });

  it('puts more of the project technologies above a better record', () => {
    const both = finisher(1, { skills: ['React', 'Node.js'] });
    const oneButRated = finisher(2, { skills: ['React'], ratingAverage: 4.9, ratingCount: 12, completedDeals: 3, onTimeDeals: 3 });
    expect(order(['React', 'Node.js'], [oneButRated, both])).toEqual([1, 2]);
  });

  it('ranks forty 4.8 reviews above a single 5-star one, all else equal', () => {
    const single = finisher(1, { ratingAverage: 5, ratingCount: 1 });
    const long = finisher(2, { ratingAverage: 4.8, ratingCount: 40 });
    expect(order(['React'], [single, long])).toEqual([2, 1]);
  });

  it('counts completed deals, deliveries on time and recent activity', () => {
    expect(order(['React'], [finisher(1), finisher(2, { completedDeals: 6, onTimeDeals: 6 })])).toEqual([2, 1]);
    expect(order(['React'], [finisher(1, { completedDeals: 6, onTimeDeals: 1 }), finisher(2, { completedDeals: 6, onTimeDeals: 6 })])).toEqual([2, 1]);
    expect(order(['React'], [finisher(1, { lastActiveAt: daysAgo(120) }), finisher(2, { lastActiveAt: daysAgo(2) })])).toEqual([2, 1]);
    expect(order(['React'], [finisher(1, { lastActiveAt: null }), finisher(2, { lastActiveAt: daysAgo(400) })])).toEqual([2, 1]);
  });

  it('gives the same order on every call: a tie goes to the better rating, then the lower id', () => {
    const a = finisher(7);
    const b = finisher(3);
    expect(order(['React'], [a, b])).toEqual([3, 7]);
    expect(order(['React'], [b, a])).toEqual([3, 7]);
  });

  it('keeps its score between 0 and 1, names the matched skills and rounds the rating shown', () => {
    const [best] = rankSuggestedFinishers(
      ['React'],
      [finisher(1, { skills: ['react'], ratingAverage: 5, ratingCount: 500, completedDeals: 100, onTimeDeals: 100, lastActiveAt: now })],
      { now },
    );
    expect(best!.score).toBeGreaterThan(0.95);
    expect(best!.score).toBeLessThanOrEqual(1);
    expect(best!.matchedSkills).toEqual(['React']);
    expect(best!.rating).toBe(5);
    expect(rankSuggestedFinishers(['React'], [finisher(1)], { now })[0]!.rating).toBeNull();
  });

  it('stops at the limit', () => {
    expect(rankSuggestedFinishers(['React'], [finisher(1), finisher(2), finisher(3)], { now, limit: 2 })).toHaveLength(2);
  });
});
