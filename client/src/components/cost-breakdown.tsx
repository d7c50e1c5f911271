import { formatPercent, formatUsd, formatUsdRange } from '@shared/money';
import type { CostBreakdown as CostBreakdownData } from '@shared/contracts/pricing';

function factor(value: number): string {
  return `×${Number(value.toFixed(3))}`;
}

/**
 * How the estimate was computed: catalogue base × regional index × modifiers = total. The diagnosis
 * result and the job room show the same breakdown.
 */
export function CostBreakdown({ breakdown }: { breakdown: CostBreakdownData }) {
  const { base, region, modifiers, total, unit, laborShare, regionalMultiplier } = breakdown;
  const regionSource =
    region.source === 'zip' && region.zip ? `from ZIP code ${region.zip}` : 'no ZIP code given';

  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="cost-breakdown">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Base price ({breakdown.issueName})</dt>
        <dd className="font-medium">
          {formatUsdRange(base.min, base.max)} per {unit}
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Estimate</dt>
        <dd className="font-semibold">{formatUsdRange(total.min, total.max)}</dd>
      </div>
      <div className="grid gap-0.5 sm:col-span-2">
        <dt className="text-muted-foreground">Regional index</dt>
        <dd>
          <span className="font-medium">
            {region.name} {factor(regionalMultiplier)}
          </span>{' '}
          <span className="text-muted-foreground">
            (labor index {region.laborIndex.toFixed(3)}, material index {region.materialIndex.toFixed(3)},
            labor {formatPercent(laborShare)} of cost; {regionSource})
          </span>
        </dd>
      </div>
      <div className="grid gap-0.5 sm:col-span-2">
        <dt className="text-muted-foreground">Modifiers</dt>
        <dd>
          {modifiers.length === 0 ? (
            'None'
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
        <dt className="text-muted-foreground">Formula</dt>
        <dd>
          <code className="block rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-words whitespace-pre-wrap">
            {breakdown.formula}
          </code>
        </dd>
      </div>
    </dl>
  );
}
