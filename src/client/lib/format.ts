import { formatDistanceToNow } from 'date-fns';

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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * 'Mon 30 Nov 2026, 14:05 UTC'. In UTC, as the server's sentences name their days ("until 30 Nov"),
 * so the date beside a sentence never reads a different day; and spelled out by hand, so the page the
 * server renders and the page the browser hydrates read the same, whatever either's time zone or ICU.
 */
export function formatDealDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}
