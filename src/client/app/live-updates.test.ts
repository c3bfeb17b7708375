import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveChange } from '#shared/events.js';
import { isKeyUnder, liveChangeRefreshes } from '#client/lib/live-changes.js';
import { liveRefreshes } from './live-updates.js';

// What each server `changed` event refreshes on a signed-in viewer's screen (decision 043), through
// the features' declarations: the refreshes live notifications used to carry (issues 16 and 18).
const refresher = (changes: LiveChange[], viewerId = 1) => {
  const prefixes = liveChangeRefreshes(liveRefreshes, changes, viewerId);
  return (key: QueryKey) => prefixes.some((prefix) => isKeyUnder(key, prefix));
};

describe('the features’ live refreshes', () => {
  it('refreshes a conversation’s messages and the viewer’s conversation list', () => {
    const isStale = refresher([{ resource: 'conversation', id: 5 }]);
    expect(isStale(['/api/bids', 5, 'messages'])).toBe(true);
    expect(isStale(['/api/bids', 6, 'messages'])).toBe(false);
    expect(isStale(['/api/users', 1, 'chats'])).toBe(true);
    expect(isStale(['/api/users', 2, 'chats'])).toBe(false);
    expect(isStale(['/api/projects'])).toBe(false);
  });

  it('refreshes the project a bid is on, and the viewer’s own lists', () => {
    const isStale = refresher([
      { resource: 'project', id: 12 },
      { resource: 'bid', id: 5 },
    ]);
    expect(isStale(['/api/projects', 12])).toBe(true);
    // The owner's dashboard counts the new bid without a reload (issue 16).
    expect(isStale(['/api/users', 1, 'projects'])).toBe(true);
    expect(isStale(['/api/users', 1, 'total-spending'])).toBe(true);
    expect(isStale(['/api/users', 1, 'bids'])).toBe(true);
    expect(isStale(['/api/users', 2, 'projects'])).toBe(false);
    expect(isStale(['/api/bids', 5])).toBe(true);
    expect(isStale(['/api/projects', 120])).toBe(false);
    expect(isStale(['/api/projects'])).toBe(false);
  });

  it('refreshes the change orders, the deal, the payment, the milestones and the scope of a deal’s project', () => {
    const isStale = refresher([
      { resource: 'project', id: 12 },
      { resource: 'deal', id: 12 },
    ]);
    for (const part of ['change-orders', 'deal', 'payment', 'milestones', 'scope', 'reviews']) {
      expect(isStale(['/api/projects', 12, part])).toBe(true);
      expect(isStale(['/api/projects', 13, part])).toBe(false);
    }
    // A deal change alone still names each of those queries.
    const dealOnly = refresher([{ resource: 'deal', id: 12 }]);
    for (const part of ['deal', 'payment', 'milestones', 'scope', 'reviews']) expect(dealOnly(['/api/projects', 12, part])).toBe(true);
  });

  it('refreshes a project’s repository report when the project changes (issue 29: the intake finished)', () => {
    const isStale = refresher([{ resource: 'project', id: 12 }]);
    expect(isStale(['/api/projects', 12, 'repository-report'])).toBe(true);
    expect(isStale(['/api/projects', 13, 'repository-report'])).toBe(false);
    expect(isStale(['/api/repositories'])).toBe(false);
  });

  it('refreshes the dispute, the operators’ queue and the project of a dispute’s change', () => {
    const isStale = refresher([
      { resource: 'dispute', id: 9 },
      { resource: 'project', id: 12 },
      { resource: 'deal', id: 12 },
    ]);
    expect(isStale(['/api/disputes', 9])).toBe(true);
    expect(isStale(['/api/disputes', 90])).toBe(false);
    expect(isStale(['/api/operator/disputes', 'with_operator'])).toBe(true);
    expect(isStale(['/api/projects', 12, 'deal'])).toBe(true);
    expect(isStale(['/api/projects', 12])).toBe(true);
    expect(isStale(['/api/developers'])).toBe(false);
  });

  it('names every query in one key style: a collection path, then the resource’s or the viewer’s id', () => {
    const changes: LiveChange[] = (['project', 'deal', 'bid', 'dispute', 'conversation'] as const).map((resource) => ({ resource, id: 7 }));
    const keys = liveChangeRefreshes(liveRefreshes, changes, 3);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key[0]).toMatch(/^\/api\/[a-z/-]+$/);
      // The operators' whole queue is the one key with no id: any dispute may move in it.
      if (key.length > 1) expect([7, 3]).toContain(key[1]);
    }
  });
});
