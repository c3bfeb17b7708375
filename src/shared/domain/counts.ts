/**
 * Counts and figures as en-US writes them ("1,240"), without Intl: the first `toLocaleString` or
 * `Intl.NumberFormat` of a page loads the locale's data, tens of milliseconds of a phone's start-up
 * for a browse card's "1,240 lines" or a schema's "at most 5,000 characters" (issue 33; decision 072).
 */

/** "1234567" as "1,234,567". */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A number as `value.toLocaleString('en-US')` writes it: grouped thousands, at most three decimals
 * (halves away from zero), no trailing zeros. For the counts and figures the screens show, which
 * are far below 10^21 (where JavaScript switches to exponent notation). -0 itself reads "0".
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  if (Number.isInteger(value)) return `${sign}${groupThousands(String(Math.abs(value)))}`;
  const thousandths = Math.round(Math.abs(value) * 1000);
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${groupThousands(String(whole))}${fraction ? `.${fraction}` : ''}`;
}
