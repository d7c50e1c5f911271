import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { EstimateResponse } from '@shared/contracts/pricing';
import { CostBreakdown } from '@/components/cost-breakdown';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/utils/cn';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/** Plumbline's price for the job, and how it was computed (docs/product.md#screens-and-routes "How we priced this"). */
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
          <CostBreakdown breakdown={estimate.costBreakdown} />
        </CollapsibleContent>
      </Collapsible>
    </RoomSection>
  );
}
