import { formatDistanceToNow } from 'date-fns';
import { DEFAULT_TIME_ZONE, formatCalendarDay, formatChatDateTime, formatDateTime } from '#shared/domain/time-zone.js';

/** Spec section 9: a timeline reads '1 day' or 'n days'. */
export function formatDays(days: number | null | undefined): string {
  const count = typeof days === 'number' && Number.isFinite(days) ? days : 0;
  return count === 1 ? '1 day' : `${count} days`;
}

/** Dates are shown relative to now ('3 days ago'); a missing or broken date reads the fallback. */
export function formatRelativeDate(value: string | null | undefined, fallback = 'Unknown date'): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : formatDistanceToNow(date, { addSuffix: true });
}

/** The zone this browser reads time in (Intl): every time on screen is shown in it (decision 048). */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

/**
 * 'Mon 30 Nov 2026, 14:05 PST': a moment (a deadline, a history entry) in the reader's zone, named.
 * On a page the server renders, show it through <LocalTime> instead: the server cannot know the
 * browser's zone, so the markup says UTC and the browser's zone follows hydration.
 */
export function formatDealDate(value: string, timeZone: string = readerTimeZone()): string {
  return formatDateTime(value, timeZone);
}

/** Spec section 9: chat timestamps look like 'MMM d, h:mm a' ('Mar 4, 3:07 PM'), in the reader's zone. */
export function formatChatTime(value: string | null | undefined, timeZone: string = readerTimeZone()): string {
  return value ? formatChatDateTime(value, timeZone) : '';
}

/** 'Tue 1 Dec 2026': a day someone picked (a milestone's due date), the same day in every zone. */
export function formatDueDay(day: string): string {
  return formatCalendarDay(day);
}
