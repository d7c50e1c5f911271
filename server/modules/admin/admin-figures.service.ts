import { JOB_STATUSES, type JobStatus } from '@shared/constants';
import {
  QUOTE_FIGURES_WINDOW_DAYS,
  REVENUE_MONTHS,
  type JobsByStatus,
  type MonthlyRevenue,
  type QuoteFigures,
} from '@shared/contracts/admin-figures';
import { instantOnClock, todayIn } from '@shared/dates';
import type { Executor } from '../../db/client';
import { platformFeesByMonth, quoteFiguresSince, type MonthSpan } from './admin-figures.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM' of the month `offset` months after (negative: before) the year and month given. */
function monthOf(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const monthText = ({ year, month }: { year: number; month: number }) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/**
 * The last `count` calendar months on `zone`'s clock at `now`, the current one last, each as the
 * instants its first midnight and the next month's fall on (DST changes included).
 */
export function lastMonthsOnClock(count: number, zone: string, now: Date): MonthSpan[] {
  const [year, month] = todayIn(zone, now).split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const start = monthOf(year, month, index - count + 1);
    const end = monthOf(start.year, start.month, 1);
    return {
      month: monthText(start),
      starts: instantOnClock(`${monthText(start)}-01`, '00:00', zone),
      ends: instantOnClock(`${monthText(end)}-01`, '00:00', zone),
    };
  });
}

/** Every job status with its count; statuses the grouped count did not return have none. */
export function jobsByStatusOf(counts: ReadonlyArray<{ status: JobStatus; count: number }>): JobsByStatus {
  const byStatus = new Map(counts.map((row) => [row.status, row.count]));
  return Object.fromEntries(
    JOB_STATUSES.map((status) => [status, byStatus.get(status) ?? 0]),
  ) as JobsByStatus;
}

/**
 * The quote figures of the last QUOTE_FIGURES_WINDOW_DAYS days and the platform fees of the last
 * REVENUE_MONTHS months on the app's clock (shared/contracts/admin-figures.ts defines each figure).
 */
export async function readMarketplaceFigures(
  db: Executor,
  clock: { timeZone: string; now: Date },
): Promise<{ quoteFigures: QuoteFigures; revenueByMonth: MonthlyRevenue[] }> {
  const since = new Date(clock.now.getTime() - QUOTE_FIGURES_WINDOW_DAYS * DAY_MS);
  const [quotes, revenueByMonth] = await Promise.all([
    quoteFiguresSince(db, since),
    platformFeesByMonth(db, lastMonthsOnClock(REVENUE_MONTHS, clock.timeZone, clock.now)),
  ]);
  return { quoteFigures: { windowDays: QUOTE_FIGURES_WINDOW_DAYS, ...quotes }, revenueByMonth };
}
