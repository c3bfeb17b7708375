import { formatMoney } from './money.js';

/** What a saved search watches, as people read it: '"dashboard" · React or Go · $500 to $2,000'. */
export function describeSavedSearch(search: {
  q: string | null;
  tech: readonly string[];
  minBudgetCents: number | null;
  maxBudgetCents: number | null;
}): string {
  const parts: string[] = [];
  if (search.q) parts.push(`"${search.q}"`);
  if (search.tech.length > 0) parts.push(search.tech.join(' or '));
  const { minBudgetCents: min, maxBudgetCents: max } = search;
  if (min !== null && max !== null) parts.push(`${formatMoney(min)} to ${formatMoney(max)}`);
  else if (min !== null) parts.push(`${formatMoney(min)} or more`);
  else if (max !== null) parts.push(`up to ${formatMoney(max)}`);
  return parts.join(' · ');
}

/** The in-app alert of a match: its notification's title and text. */
export const savedSearchAlert = {
  title: 'New project for your saved search',
  content: (projectName: string, budgetCents: number | null, search: string) =>
    `"${projectName}"${budgetCents === null ? '' : ` (budget ${formatMoney(budgetCents)})`} matches your saved search ${search}.`,
};

const DAY_MS = 86_400_000;

/**
 * When the daily digest of matches found at `at` goes out: the next `digestAtMs` past midnight UTC
 * strictly after it (SAVED_SEARCH_DIGEST_AT, decision 060).
 */
export function nextDigestAt(at: Date, digestAtMs: number): Date {
  const midnight = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  const today = midnight + (digestAtMs % DAY_MS);
  return new Date(today > at.getTime() ? today : today + DAY_MS);
}

/** The durable jobs of saved searches (decision 042): matching a new project, and one person's digest of a day. */
export const MATCH_SAVED_SEARCHES_JOB = 'saved-searches.match';
export const SAVED_SEARCH_DIGEST_JOB = 'saved-searches.digest';
