import { formatDistanceToNow } from 'date-fns';
import { dollarsToCents, formatDollars } from '#shared/domain/money.js';

/** Spec section 9: amounts are shown in US dollars with no decimals ('$1,500'). */
export function formatUsd(dollars: number | null | undefined): string {
  return typeof dollars === 'number' && Number.isFinite(dollars) ? formatDollars(dollarsToCents(dollars)) : '$0';
}

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
