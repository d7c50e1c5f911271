import { JOB_STATUSES } from '@shared/constants';
import type { AdminStats } from '@shared/contracts/admin';
import { QUOTE_FIGURES_WINDOW_DAYS } from '@shared/contracts/admin-figures';
import { jobStatusLabel } from '@shared/job-display';
import { formatPercent, formatUsd } from '@shared/money';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_COPY } from '../copy';
import { formatDuration, formatMonth } from '../utils/figures-format';

const COPY = ADMIN_COPY.figures;
const numberFormat = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The marketplace figures below the four cards: jobs by status, how recent jobs were quoted and
 * hired, and the platform's fees per month — each an aggregate the server computed.
 */
export function AdminFigures({ stats, failed }: { stats: AdminStats | undefined; failed: boolean }) {
  return (
    <section aria-label={COPY.label} className="grid gap-4 lg:grid-cols-3" data-testid="admin-figures">
      <FigureCard title={COPY.byStatus.title} testId="card-jobs-by-status">
        <Figure stats={stats} failed={failed}>
          {(loaded) => (
            <SmallTable
              caption={COPY.byStatus.caption}
              columns={COPY.byStatus.columns}
              rows={JOB_STATUSES.map((status) => [
                jobStatusLabel(status),
                numberFormat.format(loaded.jobsByStatus[status]),
              ])}
              testId="table-jobs-by-status"
            />
          )}
        </Figure>
      </FigureCard>

      <FigureCard title={COPY.quotes.title(QUOTE_FIGURES_WINDOW_DAYS)} testId="card-quote-figures">
        <Figure stats={stats} failed={failed}>
          {({ quoteFigures: figures }) => (
            <dl className="grid gap-4">
              <Fact
                term={COPY.quotes.perJob}
                value={
                  figures.averageQuotesPerQuotedJob === null
                    ? COPY.quotes.none
                    : oneDecimal.format(figures.averageQuotesPerQuotedJob)
                }
                hint={COPY.quotes.perJobHint(figures.jobsWithQuotes, figures.jobsPosted)}
                testId="figure-quotes-per-job"
              />
              <Fact
                term={COPY.quotes.median}
                value={
                  figures.medianSecondsToFirstQuote === null
                    ? COPY.quotes.none
                    : formatDuration(figures.medianSecondsToFirstQuote)
                }
                hint={COPY.quotes.medianHint}
                testId="figure-median-first-quote"
              />
              <Fact
                term={COPY.quotes.acceptance}
                value={
                  figures.acceptanceRate === null ? COPY.quotes.none : formatPercent(figures.acceptanceRate)
                }
                hint={COPY.quotes.acceptanceHint(figures.jobsHired, figures.jobsWithQuotes)}
                testId="figure-acceptance-rate"
              />
            </dl>
          )}
        </Figure>
      </FigureCard>

      <FigureCard title={COPY.revenue.title} testId="card-revenue">
        <Figure stats={stats} failed={failed}>
          {(loaded) => (
            <SmallTable
              caption={COPY.revenue.caption}
              columns={COPY.revenue.columns}
              // Newest month first, as a statement reads.
              rows={[...loaded.revenueByMonth]
                .reverse()
                .map((row) => [
                  formatMonth(row.month),
                  formatUsd(row.platformFees),
                  numberFormat.format(row.payouts),
                ])}
              testId="table-revenue"
            />
          )}
        </Figure>
      </FigureCard>
    </section>
  );
}

function FigureCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const titleId = `admin-${testId}`;
  return (
    <Card className="h-full" role="group" aria-labelledby={titleId} data-testid={testId}>
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle as="h2" id={titleId} className="text-base font-semibold">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** The figure once loaded; a skeleton while loading; a dash when the stats could not be loaded. */
function Figure({
  stats,
  failed,
  children,
}: {
  stats: AdminStats | undefined;
  failed: boolean;
  children: (stats: AdminStats) => ReactNode;
}) {
  if (stats) return children(stats);
  if (failed) {
    return (
      <p className="text-2xl font-bold text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{COPY.notAvailable}</span>
      </p>
    );
  }
  return <Skeleton className="h-32 w-full" />;
}

function Fact({ term, value, hint, testId }: { term: string; value: string; hint: string; testId: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

function SmallTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: readonly string[];
  rows: string[][];
  testId: string;
}) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="mb-2 text-left text-xs text-muted-foreground">{caption}</caption>
      <thead>
        <tr className="border-b">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={index === 0 ? 'py-1 text-left font-medium' : 'py-1 text-right font-medium'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...values]) => (
          <tr key={label} className="border-b last:border-0">
            <th scope="row" className="py-1 text-left font-normal">
              {label}
            </th>
            {values.map((value, index) => (
              <td key={index} className="py-1 text-right tabular-nums">
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
