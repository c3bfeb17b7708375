import { describe, expect, it } from 'vitest';
import { nextLinkFrom } from '#client/lib/api.js';
import { finisherStats as developerStats, matchesDashboardSearch, openJobsFor } from './dashboard-rules.js';
import { parseQuickRate, parseQuickTimeline, toQuickBid } from './quick-application.js';

describe('quick application parsers (spec section 5)', () => {
  it('keeps only the digits of the rate and defaults to 100', () => {
    expect(parseQuickRate('$1,250')).toBe(1250);
    expect(parseQuickRate('about 300 dollars')).toBe(300);
    expect(parseQuickRate('')).toBe(100);
    expect(parseQuickRate('negotiable')).toBe(100);
  });

  it('reads a decimal point between digits as the start of the cents, for the bid rules to refuse', () => {
    expect(parseQuickRate('$2,400.50')).toBe(2400.5);
    expect(parseQuickRate('2400.00')).toBe(2400);
    expect(parseQuickRate('approx. 300')).toBe(300);
  });

  it('takes the first number of the timeline and defaults to 7', () => {
    expect(parseQuickTimeline('about 10-12 days')).toBe(10);
    expect(parseQuickTimeline('3')).toBe(3);
    expect(parseQuickTimeline('two weeks')).toBe(7);
  });

  it('requires a message', () => {
    expect(toQuickBid({ message: '   ', rate: '1', timeline: '1' })).toEqual({ ok: false });
    expect(toQuickBid({ message: ' I can do it ', rate: '', timeline: '' })).toEqual({ ok: true, message: 'I can do it', amount: 100, timeline: 7 });
  });
});

describe('dashboard rules', () => {
  const project = (id: number, status: string, submitterId = 1) =>
    ({ id, status, submitterId, name: `P${id}`, description: 'desc', techStack: ['Flask'] }) as never;

  it('searches name, description and techStack case-insensitively', () => {
    expect(matchesDashboardSearch({ name: 'Recipe app', description: 'x', techStack: ['Flask'] }, 'flask')).toBe(true);
    expect(matchesDashboardSearch({ name: 'Recipe app', description: 'x', techStack: [] }, 'RECIPE')).toBe(true);
    expect(matchesDashboardSearch({ name: 'Recipe app', description: 'x', techStack: [] }, 'django')).toBe(false);
  });

  it('leaves out closed projects, projects already bid on and the developer’s own', () => {
    const jobs = openJobsFor([project(1, 'open'), project(2, 'active'), project(3, 'paused'), project(4, 'open', 9)], [{ projectId: 2 }], 9);
    expect(jobs.map((p: { id: number }) => p.id)).toEqual([1]);
  });

  it('computes applications, completed projects and a whole-percent acceptance rate', () => {
    expect(developerStats([], [])).toEqual({ applications: 0, projectsCompleted: 0, acceptanceRate: 0 });
    const bids = [
      { projectId: 1, status: 'pending' },
      { projectId: 2, status: 'completed' },
      { projectId: 3, status: 'paid' },
    ] as const;
    expect(
      developerStats(bids, [
        { id: 2, status: 'accepted' },
        { id: 5, status: 'accepted' },
      ]),
    ).toEqual({ applications: 3, projectsCompleted: 2, acceptanceRate: 67 });
  });
});

describe('nextLinkFrom', () => {
  it('finds rel="next" in a Link header', () => {
    expect(nextLinkFrom('</api/projects?limit=2&cursor=abc>; rel="next"')).toBe('/api/projects?limit=2&cursor=abc');
    expect(nextLinkFrom('</a>; rel="prev", </b>; rel="next"')).toBe('/b');
    expect(nextLinkFrom('</a>; rel="prev"')).toBeNull();
    expect(nextLinkFrom(null)).toBeNull();
  });
});
