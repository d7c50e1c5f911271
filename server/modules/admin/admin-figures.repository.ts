import { sql } from 'drizzle-orm';
import type { MonthlyRevenue, QuoteFigures } from '@shared/contracts/admin-figures';
import type { Executor } from '../../db/client';

/**
 * The dashboard's marketplace figures, each one statement whose aggregates PostgreSQL computes.
 * Both read migration 0013's indexes only (jobs_created_idx, quotes_created_idx, payouts_created_idx),
 * never the rows: at 1M jobs that is the difference between milliseconds and seconds
 * (bench/admin-stats.ts prints both).
 */

/** A calendar month on the app's clock, as the instants it starts and ends at (end exclusive). */
export interface MonthSpan {
  month: string;
  starts: Date;
  ends: Date;
}

/**
 * How the jobs posted since `since` were quoted: per job its first quote, its quote count and
 * whether a quote of it is accepted. A quote is never older than its job, so only the quotes made
 * since `since` can belong to those jobs: both sides are index range scans of the window.
 */
export async function quoteFiguresSince(
  db: Executor,
  since: Date,
): Promise<Omit<QuoteFigures, 'windowDays'>> {
  const result = await db.execute<Omit<QuoteFigures, 'windowDays'>>(sql`
    with recent_jobs as (
      select id, created_at from jobs where created_at >= ${since.toISOString()}::timestamptz
    ),
    quoted as (
      select job_id, min(created_at) as first_quote_at, count(*) as quotes,
             bool_or(status = 'accepted') as hired
        from quotes
       where created_at >= ${since.toISOString()}::timestamptz
       group by job_id
    )
    select count(*)::int as "jobsPosted",
           count(q.job_id)::int as "jobsWithQuotes",
           coalesce(sum(q.quotes), 0)::int as "quotes",
           (sum(q.quotes)::float8 / nullif(count(q.job_id), 0)) as "averageQuotesPerQuotedJob",
           percentile_cont(0.5) within group (order by extract(epoch from q.first_quote_at - j.created_at))
             as "medianSecondsToFirstQuote",
           (count(*) filter (where q.hired))::int as "jobsHired",
           ((count(*) filter (where q.hired))::float8 / nullif(count(q.job_id), 0)) as "acceptanceRate"
      from recent_jobs j
      left join quoted q on q.job_id = j.id`);
  const row = result.rows[0];
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    jobsPosted: Number(row.jobsPosted),
    jobsWithQuotes: Number(row.jobsWithQuotes),
    quotes: Number(row.quotes),
    averageQuotesPerQuotedJob: numberOrNull(row.averageQuotesPerQuotedJob),
    medianSecondsToFirstQuote: numberOrNull(row.medianSecondsToFirstQuote),
    jobsHired: Number(row.jobsHired),
    acceptanceRate: numberOrNull(row.acceptanceRate),
  };
}

/**
 * The platform fees of the payouts written in each month, every month listed (0.00 when none):
 * one index range scan per month, summed as it is read.
 */
export async function platformFeesByMonth(
  db: Executor,
  months: readonly MonthSpan[],
): Promise<MonthlyRevenue[]> {
  if (months.length === 0) return [];
  const spans = sql.join(
    months.map(
      (span) =>
        sql`(${span.month}::text, ${span.starts.toISOString()}::timestamptz, ${span.ends.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = await db.execute<{ month: string; platformFees: string; payouts: number }>(sql`
    select m.month,
           round(coalesce(sum(p.platform_fee), 0), 2)::text as "platformFees",
           count(p.platform_fee)::int as "payouts"
      from (values ${spans}) as m(month, starts, ends)
      left join payouts p on p.created_at >= m.starts and p.created_at < m.ends
     group by m.month
     order by m.month`);
  return result.rows.map((row) => ({
    month: row.month,
    platformFees: row.platformFees,
    payouts: Number(row.payouts),
  }));
}
