/**
 * Money, in US dollars. Amounts travel as the text PostgreSQL's numeric(10,2) columns hold ('150.00'),
 * which keeps cents exact; sums and comparisons are done in whole cents, and amounts are shown as
 * '$150' or '$99.50' (docs/product.md#screens-and-routes writes ranges '$min - $max').
 */

/** numeric(10,2) holds at most 99,999,999.99. */
export const MAX_MONEY = 99_999_999.99;

/** '150.00' (or 150) → 15000; '99.5' → 9950. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** 15000 → '150.00': the text a numeric(10,2) column holds. */
export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

// One formatter of each kind for the process: toLocaleString builds a new Intl.NumberFormat on every
// call, which was ~70% of the server's CPU on a nearby-jobs answer (docs/performance.md).
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '150.00' → '$150', '1500' → '$1,500', '99.5' → '$99.50'; text that is not a number is shown as it is. */
export function formatUsd(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return Number.isInteger(value) ? WHOLE_DOLLARS.format(value) : DOLLARS_AND_CENTS.format(value);
}

/** A 0–1 share of a price as a whole percentage: 0.6 → '60%' (labour's share of a job's cost). */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** '$150 - $300', with the spaced hyphen of docs/product.md#screens-and-routes. */
export function formatUsdRange(min: number | string, max: number | string): string {
  return `${formatUsd(min)} - ${formatUsd(max)}`;
}
