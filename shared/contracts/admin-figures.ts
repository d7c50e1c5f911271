import { z } from './zod';
import { JOB_STATUSES } from '../constants';

/**
 * The marketplace figures of GET /api/admin/stats, each one aggregate computed by the database.
 * The quote figures read a rolling window of recent jobs, not all time: a median over every quote
 * ever made grows with the history (seconds at 1M jobs, bench/admin-stats.ts), and the recent
 * weeks are what an admin acts on.
 */

/** The quote figures cover the jobs posted in the last this many days (a rolling window, 24 h days). */
export const QUOTE_FIGURES_WINDOW_DAYS = 30;
/** Revenue is listed for this many calendar months on the app's clock, the current one included. */
export const REVENUE_MONTHS = 12;

/** Jobs in each status, every status listed (0 when none); docs/product.md#states. */
export const jobsByStatusSchema = z.record(z.enum(JOB_STATUSES), z.number().int());
export type JobsByStatus = z.infer<typeof jobsByStatusSchema>;

/** How the jobs posted in the window were quoted and hired. */
export const quoteFiguresSchema = z.object({
  windowDays: z.number().int(),
  /** Jobs posted in the window, whatever their status now. */
  jobsPosted: z.number().int(),
  /** Of those, the jobs that got at least one quote. */
  jobsWithQuotes: z.number().int(),
  /** Quotes on those jobs. */
  quotes: z.number().int(),
  /** quotes ÷ jobsWithQuotes: over the jobs that got any quote (null when none did). */
  averageQuotesPerQuotedJob: z.number().nullable(),
  /** The median, over the jobs that got a quote, of the time from posting to the first quote. */
  medianSecondsToFirstQuote: z.number().nullable(),
  /** Of the quoted jobs, those whose homeowner has accepted a quote (and it still stands). */
  jobsHired: z.number().int(),
  /**
   * jobsHired ÷ jobsWithQuotes, 0–1: how often a quoted job gets hired. Per job, not per quote — a
   * job accepts one quote at most, so counting quotes would make a well-quoted job look like a failure.
   */
  acceptanceRate: z.number().nullable(),
});
export type QuoteFigures = z.infer<typeof quoteFiguresSchema>;

/**
 * Plumbline's platform fees in one calendar month on the app's clock, by when each payout was written
 * (the job's completion), whatever the payout's status: the fee is earned when the job is done.
 */
export const monthlyRevenueSchema = z.object({
  /** '2026-01' */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** numeric text, e.g. '1520.50' */
  platformFees: z.string().regex(/^\d+\.\d{2}$/),
  payouts: z.number().int(),
});
export type MonthlyRevenue = z.infer<typeof monthlyRevenueSchema>;
