import { describe, expect, it } from 'vitest';
import { deadlineDay } from './deal.js';
import { canonicalTimeZone, formatCalendarDay, formatChatDateTime, formatDateTime, formatDay, graceNote, isTimeZone, timeZoneNames } from './time-zone.js';

// 06:05 UTC on Monday 30 November: still Sunday evening in Los Angeles, already Monday in Berlin.
const moment = '2026-11-30T06:05:00.000Z';

describe('time zones (decision 048)', () => {
  it('knows the zones Intl knows, in any spelling Intl accepts, and nothing else', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    for (const bad of ['', 'Mars/Olympus_Mons', 'Europe/Berlin; drop table users', '../../etc/passwd', 'x'.repeat(100), '+02:00']) {
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });

  it('offers UTC first, then every zone of Intl’s list by name', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Berlin');
    expect(names.every((name) => isTimeZone(name))).toBe(true);
  });

  it('writes one moment in the reader’s zone, the zone named', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('Mon 30 Nov 2026, 06:05 UTC');
    expect(formatDateTime(moment, 'America/Los_Angeles')).toBe('Sun 29 Nov 2026, 22:05 PST');
    expect(formatDateTime(moment, 'Europe/Berlin')).toBe('Mon 30 Nov 2026, 07:05 GMT+1');
    expect(formatDateTime(moment, 'Not/A_Zone')).toBe('Mon 30 Nov 2026, 06:05 UTC');
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });

  it('names the day a deadline falls on where the reader is', () => {
    expect(formatDay(moment, 'America/Los_Angeles')).toBe('29 Nov');
    expect(deadlineDay(moment, 'Asia/Tokyo')).toBe('30 Nov');
    expect(deadlineDay(moment)).toBe('30 Nov');
  });

  it('writes chat times as the spec shows them (MMM d, h:mm a), in the zone', () => {
    expect(formatChatDateTime(moment, 'America/Los_Angeles')).toBe('Nov 29, 10:05 PM');
    expect(formatChatDateTime('2026-03-04T15:07:00Z', 'UTC')).toBe('Mar 4, 3:07 PM');
    expect(formatChatDateTime('', 'UTC')).toBe('');
  });

  it('reads a picked calendar day as that day in every zone', () => {
    expect(formatCalendarDay('2026-01-05')).toBe('Mon 5 Jan 2026');
    expect(formatCalendarDay('2026-12-01T00:00:00.000Z')).toBe('Tue 1 Dec 2026');
  });

  it('says how much grace a delivery deadline includes', () => {
    expect(graceNote(3 * 86_400_000)).toBe('includes 3 grace days');
    expect(graceNote(86_400_000)).toBe('includes 1 grace day');
    expect(graceNote(30_000)).toBe('includes a grace period');
    expect(graceNote(2 * 3_600_000)).toBe('includes 2 grace hours');
    expect(graceNote(0)).toBe('');
  });
});
