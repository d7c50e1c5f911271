import type { PricingPreviewInput, PricingPreviewRow, PreviewFigures } from '@shared/contracts/admin-pricing';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { usePricingPreview } from '../api/get-pricing-preview';
import { ADMIN_COPY } from '../copy';

const COPY = ADMIN_COPY.pricingEdits.preview;

const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`;

/** '+10%', or '+8% to +12%' when the two ends of the range move apart. */
export function formatChange(change: PricingPreviewRow['change']): string {
  if (!change) return '';
  return change.minPercent === change.maxPercent
    ? signed(change.minPercent)
    : `${signed(change.minPercent)} to ${signed(change.maxPercent)}`;
}

function Figures({ figures }: { figures: PreviewFigures | null }) {
  return figures ? (
    <>{figures.estimatedCost}</>
  ) : (
    <span className="text-muted-foreground">{COPY.notPriced}</span>
  );
}

/**
 * The impact preview of a pricing edit: the sample of estimates before and after the change, each
 * priced by the pricing engine on the server (POST /api/admin/pricing/preview). Idle until `change`
 * is given; the server's refusal of the change (a taken slug, min above max) shows in its place.
 */
export function ImpactPreview({ change, stale }: { change: PricingPreviewInput | null; stale: boolean }) {
  const preview = usePricingPreview({ change });

  return (
    <section
      aria-labelledby="impact-preview-heading"
      className="grid min-w-0 gap-2"
      data-testid="impact-preview"
    >
      <h3 id="impact-preview-heading" className="text-sm font-semibold">
        {COPY.heading}
      </h3>
      {!change ? (
        <p className="text-sm text-muted-foreground">{COPY.idle}</p>
      ) : preview.isError ? (
        <FormError>
          {COPY.failed}: {getErrorMessage(preview.error, '')}
        </FormError>
      ) : !preview.data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {COPY.loading}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{COPY.intro}</p>
          {stale && (
            <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-300">
              {COPY.stale}
            </p>
          )}
          <PreviewTable rows={preview.data.rows} dimmed={stale} />
        </>
      )}
    </section>
  );
}

function PreviewTable({ rows, dimmed }: { rows: PricingPreviewRow[]; dimmed: boolean }) {
  // The issue column only when the sample prices several issue types (a region's preview).
  const severalIssues = new Set(rows.map((row) => row.issueSlug)).size > 1;
  const columns = COPY.columns.filter((column) => severalIssues || column !== 'Issue Type');
  return (
    <Table
      regionLabel={COPY.label}
      containerClassName={cn(dimmed && 'opacity-60')}
      data-testid="table-impact-preview"
    >
      <caption className="sr-only">{COPY.label}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="py-6 text-center text-muted-foreground">
              {COPY.empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow key={`${row.regionCode}|${row.issueSlug}|${row.urgency}`}>
              <TableCell className="min-w-36">{row.regionName}</TableCell>
              {severalIssues && <TableCell className="min-w-36">{row.issueName}</TableCell>}
              <TableCell>{COPY.urgencies[row.urgency]}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                <Figures figures={row.before} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                <Figures figures={row.after} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatChange(row.change)}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
