import { describe, expect, it } from 'vitest';
import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import { dealReasonSchema } from '#shared/contracts/deal.schemas.js';
import type { LiveChange } from '#shared/events.js';
import { reasonProblem } from '#client/components/reason-dialog.js';
import { liveRefreshes } from '#client/app/live-updates.js';
import { isKeyUnder, liveChangeRefreshes } from '#client/lib/live-changes.js';
import { dealKeys } from './api.js';
import { partyName } from '#client/components/deal-history-list.js';
import { formatChatTime, formatDealDate, formatDueDay, readerTimeZone } from '#client/lib/format.js';
import { openRevisionRequest } from './deal-format.js';

const entry = (kind: DealHistoryEntry['kind'], message?: string): DealHistoryEntry => ({ kind, at: '2026-11-23T10:00:00.000Z', by: 'owner', message });

describe('the date formatter (decision 048)', () => {
  it('reads the day and time in the zone it is given, named', () => {
    expect(formatDealDate('2026-11-30T23:59:00.000Z', 'UTC')).toBe('Mon 30 Nov 2026, 23:59 UTC');
    expect(formatDealDate('2027-01-04T07:05:00.000Z', 'UTC')).toBe('Mon 4 Jan 2027, 07:05 UTC');
    expect(formatDealDate('2026-11-30T23:59:00.000Z', 'America/Los_Angeles')).toBe('Mon 30 Nov 2026, 15:59 PST');
    expect(formatDealDate('2026-11-30T23:59:00.000Z', 'Asia/Tokyo')).toBe('Tue 1 Dec 2026, 08:59 GMT+9');
    expect(formatDealDate('not a date', 'UTC')).toBe('not a date');
  });

  it('reads in the browser’s zone unless told', () => {
    const at = '2026-11-30T23:59:00.000Z';
    expect(formatDealDate(at)).toBe(formatDealDate(at, readerTimeZone()));
    expect(formatChatTime(at)).toBe(formatChatTime(at, readerTimeZone()));
  });

  it('writes chat times as the spec does, and a milestone’s day as picked', () => {
    expect(formatChatTime('2026-03-04T15:07:00.000Z', 'UTC')).toBe('Mar 4, 3:07 PM');
    expect(formatChatTime('2026-03-04T15:07:00.000Z', 'America/Los_Angeles')).toBe('Mar 4, 7:07 AM');
    expect(formatChatTime(null)).toBe('');
    expect(formatDueDay('2026-01-05')).toBe('Mon 5 Jan 2026');
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
  it('sits under its project, so a live change to the project or to its deal refreshes the clock', () => {
    const key = dealKeys.ofProject(3);
    const refreshes = (changes: LiveChange[]) => liveChangeRefreshes(liveRefreshes, changes, 1).some((prefix) => isKeyUnder(key, prefix));
    expect(refreshes([{ resource: 'deal', id: 3 }])).toBe(true);
    expect(refreshes([{ resource: 'project', id: 3 }])).toBe(true);
    expect(refreshes([{ resource: 'project', id: 30 }])).toBe(false);
    expect(refreshes([{ resource: 'deal', id: 30 }])).toBe(false);
  });
});
