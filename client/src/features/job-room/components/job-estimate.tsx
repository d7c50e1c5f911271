import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { CostBreakdown, EstimateResponse } from '@shared/contracts/pricing';
import { formatPercent, formatUsd, formatUsdRange } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/utils/cn';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/** Plumbline's price for the job, and how it was computed (docs/product.md §2 "How we priced this"). */
export function JobEstimate({ estimate }: { estimate: EstimateResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <RoomSection id="job-estimate" title={COPY.estimate.heading} data-testid="section-estimate">
      <Collapsible open={open} onOpenChange={setOpen} className="grid gap-3">
        <p className="text-2xl font-bold text-primary tabular-nums" data-testid="text-estimated-cost">
          {estimate.estimatedCost}
        </p>
        <CollapsibleTrigger asChild>
          <Button
            variant="link"
            className="h-auto justify-self-start gap-1 p-0 text-sm"
            data-testid="button-price-breakdown"
          >
            {COPY.estimate.howWePriced}
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent className="rounded-md border p-3 sm:p-4">
          <EstimateBreakdown breakdown={estimate.costBreakdown} />
        </CollapsibleContent>
      </Collapsible>
    </RoomSection>
  );
}

function factor(value: number): string {
  return `×${Number(value.toFixed(3))}`;
}

/** Catalogue base × regional index × modifiers = total, as the diagnosis result shows it. */
function EstimateBreakdown({ breakdown }: { breakdown: CostBreakdown }) {
  const { base, region, modifiers, total, unit, laborShare, regionalMultiplier } = breakdown;
  const source = COPY.estimate.regionSource(region.source === 'zip' ? region.zip : undefined);
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="cost-breakdown">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{COPY.estimate.basePrice(breakdown.issueName)}</dt>
        <dd className="font-medium">{COPY.estimate.perUnit(formatUsdRange(base.min, base.max), unit)}</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{COPY.estimate.total}</dt>
        <dd className="font-semibold">{formatUsdRange(total.min, total.max)}</dd>
      </div>
      <div className="grid gap-0.5 sm:col-span-2">
        <dt className="text-muted-foreground">{COPY.estimate.region}</dt>
        <dd>
          <span className="font-medium">
            {region.name} {factor(regionalMultiplier)}
          </span>{' '}
          <span className="text-muted-foreground">
            {COPY.estimate.regionDetail(
              region.laborIndex.toFixed(3),
              region.materialIndex.toFixed(3),
              formatPercent(laborShare),
              source,
            )}
          </span>
        </dd>
      </div>
      <div className="grid gap-0.5 sm:col-span-2">
        <dt className="text-muted-foreground">{COPY.estimate.modifiers}</dt>
        <dd>
          {modifiers.length === 0 ? (
            COPY.estimate.none
          ) : (
            <ul className="grid gap-0.5">
              {modifiers.map((modifier) => (
                <li key={modifier.key}>
                  {modifier.name}{' '}
                  <span className="font-medium">
                    {modifier.type === 'flat' ? `+${formatUsd(modifier.value)}` : factor(modifier.value)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div className="grid gap-0.5 sm:col-span-2">
        <dt className="text-muted-foreground">{COPY.estimate.formula}</dt>
        <dd>
          <code className="block rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-words whitespace-pre-wrap">
            {breakdown.formula}
          </code>
        </dd>
      </div>
    </dl>
  );
}
