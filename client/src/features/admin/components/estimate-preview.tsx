import { keepPreviousData } from '@tanstack/react-query';
import { Calculator, RotateCcw } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { URGENCIES, type Urgency } from '@shared/constants';
import { representativeZipFor } from '@shared/region-representative-zips';
import { formatPercent, formatUsd, formatUsdRange } from '@shared/money';
import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { AdminCatalogItem, AdminRegion } from '@shared/contracts/admin';
import type { EstimateResponse } from '@shared/contracts/pricing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { useEstimate, type EstimateParams } from '../api/get-estimate';

export const ESTIMATE_COPY = {
  title: 'Estimate Preview',
  description: 'See the price a homeowner is shown for an issue type, a region and an urgency.',
  issueLabel: 'Issue type',
  issuePlaceholder: 'Choose an issue type',
  regionLabel: 'Region',
  nationalOption: 'National average (no ZIP)',
  urgencyLabel: 'Urgency',
  idle: 'Choose an issue type to see what the pricing engine charges for it.',
  loading: 'Calculating the estimate',
  errorTitle: 'Estimate unavailable',
  errorFallback: 'The pricing engine did not answer. Please try again.',
  retry: 'Try again',
} as const;

const URGENCY_LABELS: Record<Urgency, string> = {
  routine: 'Routine',
  urgent: 'Urgent',
  emergency: 'Emergency',
};

interface RegionOption {
  code: string;
  label: string;
  zip?: string;
}

/** The national average, then every active metro that has a representative ZIP to price it by. */
function regionOptions(regions: AdminRegion[] | undefined): RegionOption[] {
  const metros = (regions ?? []).flatMap((region) => {
    const zip = representativeZipFor(region.code);
    if (region.code === DEFAULT_REGION_CODE || !region.isActive || !zip) return [];
    return [{ code: region.code, label: `${region.name}, ${region.state} (ZIP ${zip})`, zip }];
  });
  return [{ code: DEFAULT_REGION_CODE, label: ESTIMATE_COPY.nationalOption }, ...metros];
}

/** Active catalog items grouped by category (the list is already sorted by category, then name). */
function groupByCategory(items: AdminCatalogItem[]): Array<[string, AdminCatalogItem[]]> {
  const groups = new Map<string, AdminCatalogItem[]>();
  for (const item of items) {
    if (!item.isActive) continue;
    groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  }
  return [...groups.entries()];
}

export function EstimatePreview({
  catalog,
  regions,
}: {
  catalog: AdminCatalogItem[] | undefined;
  regions: AdminRegion[] | undefined;
}) {
  const ids = { issue: useId(), region: useId(), urgency: useId() };
  const [issueSlug, setIssueSlug] = useState('');
  const [regionCode, setRegionCode] = useState<string>(DEFAULT_REGION_CODE);
  const [urgency, setUrgency] = useState<Urgency>('routine');

  const groups = useMemo(() => groupByCategory(catalog ?? []), [catalog]);
  const options = useMemo(() => regionOptions(regions), [regions]);
  const region = options.find((option) => option.code === regionCode) ?? options[0];

  const params: EstimateParams | null = issueSlug
    ? { issueSlug, urgency, ...(region.zip ? { zip: region.zip } : {}) }
    : null;
  const estimate = useEstimate({ params, queryConfig: { placeholderData: keepPreviousData } });

  return (
    <Card data-testid="estimate-preview">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <Calculator aria-hidden="true" className="size-4 text-primary" />
          {ESTIMATE_COPY.title}
        </CardTitle>
        <CardDescription>{ESTIMATE_COPY.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start lg:gap-6">
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
          <div className="grid gap-2">
            <Label htmlFor={ids.issue}>{ESTIMATE_COPY.issueLabel}</Label>
            <Select value={issueSlug} onValueChange={setIssueSlug} disabled={!catalog}>
              <SelectTrigger id={ids.issue} data-testid="select-estimate-issue">
                <SelectValue placeholder={ESTIMATE_COPY.issuePlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {groups.map(([category, items]) => (
                  <SelectGroup key={category}>
                    <SelectLabel className="text-xs text-muted-foreground">{category}</SelectLabel>
                    {items.map((item) => (
                      <SelectItem key={item.issueSlug} value={item.issueSlug}>
                        {item.issueName}
                      </SelectItem>
                    ))}
                  </SelectGroup>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.region}>{ESTIMATE_COPY.regionLabel}</Label>
            <Select value={region.code} onValueChange={setRegionCode}>
              <SelectTrigger id={ids.region} data-testid="select-estimate-region">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.code} value={option.code}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.urgency}>{ESTIMATE_COPY.urgencyLabel}</Label>
            <Select value={urgency} onValueChange={(value) => setUrgency(value as Urgency)}>
              <SelectTrigger id={ids.urgency} data-testid="select-estimate-urgency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {URGENCIES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {URGENCY_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        <div aria-live="polite" aria-busy={estimate.isFetching} data-testid="estimate-result">
          {!params ? (
            <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
              {ESTIMATE_COPY.idle}
            </p>
          ) : estimate.isError ? (
            <div
              role="alert"
              className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm"
            >
              <p className="font-semibold text-destructive">{ESTIMATE_COPY.errorTitle}</p>
              <p>{getErrorMessage(estimate.error, ESTIMATE_COPY.errorFallback)}</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => void estimate.refetch()}>
                  <RotateCcw aria-hidden="true" />
                  {ESTIMATE_COPY.retry}
                </Button>
              </div>
            </div>
          ) : estimate.data ? (
            <EstimateBreakdown estimate={estimate.data} updating={estimate.isFetching} />
          ) : (
            <div className="flex items-center gap-2 rounded-md border p-4 text-sm text-muted-foreground">
              <Spinner />
              {ESTIMATE_COPY.loading}…
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function EstimateBreakdown({ estimate, updating }: { estimate: EstimateResponse; updating: boolean }) {
  const { costBreakdown: b } = estimate;
  const rows: Array<[string, ReactNode]> = [
    ['National base range', formatUsdRange(b.base.min, b.base.max)],
    [
      'Region',
      <>
        {b.region.name}
        {b.region.zip && <span className="text-muted-foreground"> · ZIP {b.region.zip}</span>}
      </>,
    ],
    [
      'Regional multiplier',
      <>
        ×{b.regionalMultiplier.toFixed(3)}
        <span className="block text-xs text-muted-foreground">
          {formatPercent(b.laborShare)} labor × {b.region.laborIndex.toFixed(3)} +{' '}
          {formatPercent(1 - b.laborShare)} materials × {b.region.materialIndex.toFixed(3)}
        </span>
      </>,
    ],
    [
      'Modifiers',
      b.modifiers.length === 0
        ? 'None'
        : b.modifiers
            .map((modifier) =>
              modifier.type === 'multiplier'
                ? `${modifier.name} ×${modifier.value}`
                : `${modifier.name} +${formatUsd(modifier.value)}`,
            )
            .join(', '),
    ],
    ['Total', <strong key="total">{formatUsdRange(b.total.min, b.total.max)}</strong>],
  ];

  return (
    <div
      className={cn(
        'grid gap-3 rounded-md border bg-muted/30 p-4 transition-opacity',
        updating && 'opacity-60',
      )}
    >
      <div>
        <p className="text-sm text-muted-foreground">
          Estimated cost for <span className="font-medium text-foreground">{b.issueName}</span>
        </p>
        <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid="text-estimate-cost">
          {estimate.estimatedCost}
        </p>
      </div>
      <dl className="grid gap-2 text-sm" data-testid="estimate-breakdown">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[9.5rem_1fr] gap-2 max-sm:grid-cols-1 max-sm:gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1 border-t pt-3">
        <p className="text-xs font-medium text-muted-foreground">Formula</p>
        <p className="break-words font-mono text-xs leading-relaxed" data-testid="text-estimate-formula">
          {b.formula}
        </p>
      </div>
    </div>
  );
}
