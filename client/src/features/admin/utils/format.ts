const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** '$1,500' for whole dollars, '$99.50' otherwise. Accepts numbers or numeric text ('150.00'). */
export function formatDollars(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

/** docs/product.md §2: the catalog's Base Price Range reads '$min - $max'. */
export function formatPriceRange(min: number | string, max: number | string): string {
  return `${formatDollars(min)} - ${formatDollars(max)}`;
}

/** 'job' → 'Job', 'linear_ft' → 'Linear ft'. */
export function formatUnit(unit: string): string {
  const words = unit.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : unit;
}

/** 'multiplier' → 'Multiplier'. */
export const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** A 0–1 share as a whole percentage: 0.6 → '60%'. */
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;
