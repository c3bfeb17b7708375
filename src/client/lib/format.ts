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
