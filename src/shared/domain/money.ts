/** The platform keeps 10% of every bid; the finisher receives the rest. */
export const PLATFORM_FEE_PERCENT = 10;

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

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;

// Built on first use: creating an Intl formatter costs milliseconds of a page's start-up (locale
// data), which a page that shows no amount need not pay.
let wholeDollars: Intl.NumberFormat | undefined;
let dollarsAndCents: Intl.NumberFormat | undefined;
const usd = () => (wholeDollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }));
const usdCents = () =>
  (dollarsAndCents ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Amounts are shown in US dollars with no decimals. */
export function formatDollars(cents: number): string {
  return usd().format(Math.round(cents / 100));
}

/** Whole amounts without decimals ($1,000), others to the cent ($249.50). */
export function formatAmount(cents: number): string {
  return cents % 100 === 0 ? usd().format(cents / 100) : usdCents().format(cents / 100);
}
