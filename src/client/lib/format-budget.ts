import { dollarsToCents, formatDollars } from '#shared/domain/money.js';

/** Budgets arrive in whole dollars (or, from older data, as a text range) and show without decimals. */
export function formatBudget(budget: number | string | null | undefined): string {
  if (budget === null || budget === undefined || budget === '') return 'Budget not set';
  if (typeof budget === 'string') {
    const amount = Number(budget);
    return Number.isFinite(amount) ? formatDollars(dollarsToCents(amount)) : budget;
  }
  return formatDollars(dollarsToCents(budget));
}
