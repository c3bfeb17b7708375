import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney, splitPayment } from './money.js';

describe('centsToDollars and dollarsToCents', () => {
  it('gives whole dollars for whole amounts and decimal dollars to the cent for the rest', () => {
    expect(centsToDollars(240_000)).toBe(2400);
    expect(centsToDollars(240_050)).toBe(2400.5);
    expect(centsToDollars(31_545)).toBe(315.45);
    expect(centsToDollars(1)).toBe(0.01);
    expect(centsToDollars(0)).toBe(0);
    expect(Number.isInteger(centsToDollars(100_000))).toBe(true);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => centsToDollars(12.5)).toThrow(RangeError);
    expect(() => centsToDollars(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every cent from 0 to $100 and the largest amounts', () => {
    for (let cents = 0; cents <= 10_000; cents++) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    for (const cents of [1_000_000_000, 1_000_000_001, 999_999_999]) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });

  it('reads typed dollars to the nearest cent', () => {
    expect(dollarsToCents(350.5)).toBe(35_050);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(2400)).toBe(240_000);
  });
});

describe('formatMoney, the one money formatter', () => {
  it('shows US dollars with no decimals (spec section 9)', () => {
    expect(formatMoney(100_000)).toBe('$1,000');
    expect(formatMoney(120_000)).toBe('$1,200');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(1_000_000_000)).toBe('$10,000,000');
  });

  it('rounds a fee with cents to the dollar, as the payment summary shows it', () => {
    const split = splitPayment(75_500);
    expect([formatMoney(split.amountCents), formatMoney(split.platformFeeCents), formatMoney(split.developerAmountCents)]).toEqual(['$755', '$76', '$680']);
  });

  it('shows cents, when asked, only for an amount that is not whole (milestones)', () => {
    expect(formatMoney(40_000, { showCents: true })).toBe('$400');
    expect(formatMoney(35_050, { showCents: true })).toBe('$350.50');
    expect(formatMoney(100_000, { showCents: true })).toBe('$1,000');
    expect(formatMoney(30, { showCents: true })).toBe('$0.30');
    expect(formatMoney(240_050, { showCents: true })).toBe('$2,400.50');
    expect(formatMoney(75_080, { showCents: true })).toBe('$750.80');
  });

  it("writes what Intl's US-dollar currency format writes, without its start-up cost", () => {
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [0, 1, 49, 50, 99, 150, 250, 7_550, 99_950, 123_456_789, -50, -7_550, -123_456_789, 99_999_999_999]) {
      expect(formatMoney(cents)).toBe(whole.format(cents / 100));
      if (cents % 100 !== 0) expect(formatMoney(cents, { showCents: true })).toBe(withCents.format(cents / 100));
    }
  });
});
