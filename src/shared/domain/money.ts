import { groupThousands } from './counts.js';

/** The platform keeps 10% of every bid; the finisher receives the rest. */
export const PLATFORM_FEE_PERCENT = 10;
/** What the finisher receives of every payment, in percent (the spec's '90%'). */
export const FINISHER_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT;

export interface PaymentSplit {
  amountCents: number;
  platformFeeCents: number;
  developerAmountCents: number;
}

/** The fee is 10% of the amount rounded to the cent; the finisher's share is what is left, so the two always add up. */
export function splitPayment(amountCents: number): PaymentSplit {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`amountCents must be a positive integer, got ${amountCents}`);
  const platformFeeCents = Math.round((amountCents * PLATFORM_FEE_PERCENT) / 100);
  return { amountCents, platformFeeCents, developerAmountCents: amountCents - platformFeeCents };
}

/** Cents from the dollars a form or a request typed ('350.50' -> 35050); the only way dollars come in. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Dollars from cents, for the spec's dollar fields of the API (decision 026): only the server's
 * mappers call it. Integer cents divide to the double nearest the decimal (240050 -> 2400.5,
 * 31545 -> 315.45), so whole amounts stay whole and others carry at most two decimals.
 */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  return cents / 100;
}

/**
 * The one money formatter (decision 026): integer cents in, US dollars out. Amounts are shown
 * with no decimals (spec section 9: '$1,500'; a $75.50 fee reads '$76'). `showCents` is for the
 * amounts typed with cents, milestones: a whole amount still reads '$400', any other '$350.50'.
 */
export function formatMoney(cents: number, options: { showCents?: boolean } = {}): string {
  // Written out rather than through Intl.NumberFormat's currency style, which gives the same text
  // for US dollars but whose first use loads the locale's data: 0.3 s of a phone's start-up on a
  // page showing a single amount (issue 33). Halves round away from zero, as Intl's do.
  centsToDollars(cents);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  if (options.showCents && absolute % 100 !== 0) {
    return `${sign}$${groupThousands(String(Math.floor(absolute / 100)))}.${String(absolute % 100).padStart(2, '0')}`;
  }
  return `${sign}$${groupThousands(String(Math.floor((absolute + 50) / 100)))}`;
}
