import { JOB_STATUS_LABELS, PAST_JOB_STATUSES, type JobStatus } from './constants';

/**
 * How jobs, quotes and ratings read on screen (docs/product.md#screens-and-routes "Dashboard", docs/product.md#states), written once for the
 * homeowner and plumber dashboards and for the server's `statusLabel`.
 */

/** 'water-heater-no-hot-water' → 'Water Heater No Hot Water' (hyphens to spaces, capitalised). */
export function jobTitleFromSlug(slug: string): string {
  return slug.split('-').filter(Boolean).map(capitalise).join(' ');
}

/** The product's label of a job status; an unknown value is shown as it is. */
export function jobStatusLabel(status: string): string {
  return Object.hasOwn(JOB_STATUS_LABELS, status) ? JOB_STATUS_LABELS[status as JobStatus] : status;
}

/** Completed and cancelled jobs are past; every other status is active. */
export function isPastJobStatus(status: string): boolean {
  return (PAST_JOB_STATUSES as readonly string[]).includes(status);
}

/** 'emergency' → 'Emergency'; '' stays ''. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Distance with one decimal: 3.14159 → '3.1 km'. */
export function formatDistanceKm(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** An average rating with one decimal, or 'N/A' when there is none. */
export function formatAverageRating(average: number | null | undefined): string {
  return average === null || average === undefined ? 'N/A' : average.toFixed(1);
}

/** A posted date such as 'Mar 4, 2026', in the viewer's locale. */
export function formatPostedDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export type EstimateComparison = 'below' | 'within' | 'above';

/**
 * Where a quote's range sits against Plumbline's estimate: entirely under it, entirely over it,
 * or overlapping it.
 */
export function compareToEstimate(
  quote: { minTotal: number | string; maxTotal: number | string },
  estimate: { min: number; max: number },
): EstimateComparison {
  if (Number(quote.maxTotal) < estimate.min) return 'below';
  if (Number(quote.minTotal) > estimate.max) return 'above';
  return 'within';
}

export const ESTIMATE_COMPARISON_LABELS: Record<EstimateComparison, string> = {
  below: "Below Plumbline's estimate",
  within: "Within Plumbline's estimate",
  above: "Above Plumbline's estimate",
};
