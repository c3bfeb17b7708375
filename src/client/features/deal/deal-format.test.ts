import { describe, expect, it } from 'vitest';
import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import { dealReasonSchema } from '#shared/contracts/deal.schemas.js';
import type { ServerEvent } from '#shared/events.js';
import { reasonProblem } from '#client/components/reason-dialog.js';
import { isProjectQueryKey, liveEventRefreshes } from '#client/features/notifications/live-events.js';
import { dealKeys } from './api.js';
import { partyName } from '#client/components/deal-history-list.js';
import { formatDealDate } from '#client/lib/format.js';
import { openRevisionRequest } from './deal-format.js';

const entry = (kind: DealHistoryEntry['kind'], message?: string): DealHistoryEntry => ({ kind, at: '2026-11-23T10:00:00.000Z', by: 'owner', message });

describe('formatDealDate', () => {
  it('reads the day and time in UTC, as the server’s sentences do', () => {
    expect(formatDealDate('2026-11-30T23:59:00.000Z')).toBe('Mon 30 Nov 2026, 23:59 UTC');
    expect(formatDealDate('2027-01-04T07:05:00.000Z')).toBe('Mon 4 Jan 2027, 07:05 UTC');
    expect(formatDealDate('not a date')).toBe('not a date');
  });
});

describe('openRevisionRequest', () => {
  it('is the latest revision request while no delivery has answered it', () => {
    const first = entry('revision_request', 'The export button does nothing.');
    const second = entry('revision_request', 'The tests still fail on CI.');
    expect(openRevisionRequest([entry('payment_held'), entry('delivery', 'Done'), first])).toBe(first);
    expect(openRevisionRequest([entry('delivery'), first, entry('delivery'), second, entry('milestone_approval')])).toBe(second);
    expect(openRevisionRequest([entry('delivery'), first, entry('delivery', 'Fixed')])).toBeNull();
    expect(openRevisionRequest([])).toBeNull();
  });
});

describe('partyName', () => {
  it('names the parties by username and the system as Finishline', () => {
    const names = { owner: 'maya', finisher: 'devon' };
    expect([partyName('owner', names), partyName('finisher', names), partyName('system', names)]).toEqual(['maya', 'devon', 'Finishline']);
  });
});

describe('reasonProblem', () => {
  it('asks for 10 to 2,000 trimmed characters in the contract’s words', () => {
    expect(reasonProblem('revision', '   too short   ')).toBe('Please give a reason for the revision of at least 10 characters');
    expect(reasonProblem('objection', 'x'.repeat(2001))).toBe('The reason for the objection must be at most 2,000 characters');
    expect(reasonProblem('revision', 'The CSV export is still missing.')).toBeUndefined();
    for (const text of ['short', 'y'.repeat(2001)]) {
      expect(reasonProblem('objection', text)).toBe(dealReasonSchema('objection').safeParse(text).error?.issues[0]?.message);
    }
  });
});

describe('the deal query', () => {
  it('sits under its project, so a live notification about the project refreshes the clock', () => {
    const key = dealKeys.ofProject(3);
    expect(isProjectQueryKey(key, 3)).toBe(true);
    expect(isProjectQueryKey(key, 30)).toBe(false);
    const event: ServerEvent = {
      type: 'notification',
      notification: {
        id: 70,
        userId: 1,
        type: 'project',
        title: 'Cancellation requested',
        content: 'The client wants to cancel.',
        relatedId: 3,
        isRead: false,
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    };
    expect(liveEventRefreshes(event, 1)(key)).toBe(true);
  });
});
