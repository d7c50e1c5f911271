import { describe, expect, it } from 'vitest';
import { formatPercent, formatUsd, formatUsdRange, fromCents, toCents } from './money';

/** The amount a shown price stands for, in cents: '$1,234.50' → 123450. */
const centsShown = (shown: string) => toCents(shown.replace(/[$,]/g, ''));

describe('numeric(10,2) text and cents', () => {
  it('reads the API’s amounts in whole cents', () => {
    expect(toCents('150.00')).toBe(15_000);
    expect(toCents('99.5')).toBe(9_950);
    expect(toCents(19.99)).toBe(1_999);
    // 0.29 × 100 is 28.999999999999996 in binary floating point.
    expect(toCents('0.29')).toBe(29);
    expect(toCents('99999999.99')).toBe(9_999_999_999);
  });

  it('writes cents as the text a numeric(10,2) column holds', () => {
    expect(fromCents(15_000)).toBe('150.00');
    expect(fromCents(29)).toBe('0.29');
    expect(fromCents(1)).toBe('0.01');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(9_999_999_999)).toBe('99999999.99');
  });

  it('turns every amount up to $2,000 into text and back to the same cents', () => {
    const wrong: Array<{ cents: number; text: string }> = [];
    for (let cents = 0; cents <= 200_000; cents++) {
      const text = fromCents(cents);
      if (toCents(text) !== cents || !/^\d+\.\d{2}$/.test(text)) wrong.push({ cents, text });
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatUsd', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatUsd('150.00')).toBe('$150');
    expect(formatUsd('1500.00')).toBe('$1,500');
    expect(formatUsd(1_234_567)).toBe('$1,234,567');
    expect(formatUsd('99.5')).toBe('$99.50');
    expect(formatUsd('0.29')).toBe('$0.29');
    expect(formatUsd(0)).toBe('$0');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatUsd('not a number')).toBe('not a number');
    expect(formatUsd(Number.NaN)).toBe('NaN');
  });

  it('shows every amount up to $2,000 as exactly its cents', () => {
    const wrong: Array<{ cents: number; shown: string }> = [];
    for (let cents = 0; cents <= 200_000; cents += 7) {
      const shown = formatUsd(fromCents(cents));
      if (centsShown(shown) !== cents) wrong.push({ cents, shown });
    }
    expect(wrong).toEqual([]);
  });

  it('writes ranges with a spaced hyphen', () => {
    expect(formatUsdRange('150.00', '300.50')).toBe('$150 - $300.50');
    expect(formatUsdRange(180, '1500.00')).toBe('$180 - $1,500');
  });
});

describe('formatPercent', () => {
  it('shows a 0–1 share as a whole percentage, rounded', () => {
    expect(formatPercent(0.6)).toBe('60%');
    expect(formatPercent(0.455)).toBe('46%');
    expect(formatPercent(1 - 0.6)).toBe('40%');
    expect(formatPercent(0)).toBe('0%');
  });
});
