import { describe, expect, it } from 'vitest';
import { formatCount } from './counts.js';

describe('formatCount', () => {
  it("writes what toLocaleString('en-US') writes, without Intl's start-up cost", () => {
    const values = [0, 1, 7, 12, 999, 1000, 1001, 9999, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890, 2 ** 31, 2 ** 53 - 1];
    const fractions = [0.5, 1.25, 3.1, 2.0004, 2.0005, 9.9995, 1234.5678, 0.001, 0.0004, 12.3];
    for (const value of [...values, ...fractions, ...values.filter((v) => v !== 0).map((v) => -v), ...fractions.map((v) => -v)]) {
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
