import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { dollarsToCents, formatMoney } from '#shared/domain/money.js';
import { errorMessage, isApiError } from './api.js';
import { formatCount } from '#shared/domain/counts.js';

/** A typed amount of money: its cents, or what is wrong with it in the words the field shows. */
export type DollarAmount = { cents: number; problem?: undefined } | { cents?: undefined; problem: string };

/**
 * Dollars typed into a field ('350', '350.5', '$1,200.75') as integer cents, between 0 and `maxCents`.
 * Only digits with at most two decimals pass: a form never sends a rounded guess of what was meant.
 */
export function parseDollarAmount(text: string, maxCents: number): DollarAmount {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '') return { problem: 'Please enter an amount in dollars' };
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { problem: 'Please enter an amount in dollars, with at most two decimals' };
  const cents = dollarsToCents(Number(cleaned));
  if (cents > maxCents) return { problem: `The amount must be at most ${formatMoney(maxCents, { showCents: true })}` };
  return { cents };
}

/** Cents as the text a dollar field starts with: '1000', '350.50'. */
export const centsToDollarText = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** What is wrong with a text's trimmed length, in the given words; undefined when it is within the limits. */
export function lengthProblem(text: string, limits: { min: number; max: number }, words: { tooShort: string; tooLong: string }): string | undefined {
  const length = text.trim().length;
  if (length < limits.min) return words.tooShort;
  if (length > limits.max) return words.tooLong;
  return undefined;
}

/** '1,234 / 5,000 characters' under a text field. */
export const characterCount = (text: string, max: number): string => `${formatCount(text.trim().length)} / ${formatCount(max)} characters`;

/**
 * Shows a refused request on its form: under the field its message names (the server answers
 * { code, message } without a path, so `fieldOf` reads the field from the words), else above the
 * submit button as the form's `root.server` error.
 */
export function showServerError<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fieldOf: (message: string) => FieldPath<T> | null): void {
  const message = errorMessage(error, 'Please try again later');
  const field = isApiError(error, 'VALIDATION_FAILED') ? fieldOf(message) : null;
  if (field) setError(field, { message }, { shouldFocus: true });
  else setError('root.server', { message });
}
