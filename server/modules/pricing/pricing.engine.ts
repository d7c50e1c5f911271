import type { Urgency } from '@shared/constants';
import { formatPercent, formatUsd, formatUsdRange } from '@shared/money';
import type { CostBreakdown, EstimateResponse } from '@shared/contracts/pricing';

/**
 * The pricing engine's arithmetic, free of I/O so it can be checked by hand:
 *
 *   regional multiplier = laborShare × laborIndex + (1 − laborShare) × materialIndex   (3 decimals)
 *   range               = base range × regional multiplier × Π multiplier modifiers + Σ flat modifiers
 *   total               = each end rounded to the nearest $5 (never below $5, max ≥ min)
 *
 * No number here ever comes from a model's text.
 */

/**
 * Share of each catalogue category's price that is labour (the rest is parts and materials),
 * from typical US plumbing invoices: service calls and inspections are nearly all labour,
 * water heaters and installations are about half equipment. One place, one number per category.
 */
export const LABOR_SHARE_BY_CATEGORY: Readonly<Record<string, number>> = {
  Emergency: 0.7,
  Drains: 0.8,
  'Water Heaters': 0.45,
  Leaks: 0.8,
  Pipes: 0.6,
  Fixtures: 0.6,
  Toilets: 0.65,
  Installation: 0.5,
  Repairs: 0.7,
  Sewer: 0.65,
  Gas: 0.7,
  'Water Treatment': 0.5,
  Inspection: 0.9,
};
/** For a category added to the catalogue later without a share here. */
export const DEFAULT_LABOR_SHARE = 0.65;

export const ROUND_TO_DOLLARS = 5;

export function laborShareFor(category: string): number {
  return LABOR_SHARE_BY_CATEGORY[category] ?? DEFAULT_LABOR_SHARE;
}

export interface PricingCatalogEntry {
  issueSlug: string;
  issueName: string;
  category: string;
  unit: string;
  baseMin: number;
  baseMax: number;
}

export interface PricingRegion {
  code: string;
  name: string;
  laborIndex: number;
  materialIndex: number;
  currency: string;
}

export interface PricingModifier {
  key: string;
  name: string;
  type: 'multiplier' | 'flat';
  values: Record<string, number>;
}

export interface EstimateParts {
  item: PricingCatalogEntry;
  region: PricingRegion;
  regionSource: 'zip' | 'default';
  zip?: string;
  urgency: Urgency;
  /** Active modifiers by key (the urgency modifier is looked up under 'urgency'). */
  modifiers: ReadonlyMap<string, PricingModifier>;
  /** Extra modifiers to apply besides urgency (after_hours, permit_required, …); unknown keys are ignored. */
  modifierKeys?: readonly string[];
}

export const URGENCY_MODIFIER_KEY = 'urgency';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Nearest $5, at least $5. */
export function roundPrice(value: number): number {
  return Math.max(ROUND_TO_DOLLARS, Math.round(value / ROUND_TO_DOLLARS) * ROUND_TO_DOLLARS);
}

const UNIT_SUFFIX: Record<string, string> = { job: '', hour: ' per hour', linear_ft: ' per linear ft' };

/** '$180 - $320'; units other than a whole job say so ('$95 - $185 per hour'). */
export function formatRange(min: number, max: number, unit = 'job'): string {
  const suffix = UNIT_SUFFIX[unit] ?? ` per ${unit.replace(/_/g, ' ')}`;
  return `${formatUsdRange(min, max)}${suffix}`;
}

/** The value a modifier contributes: its variant for urgency, else its single `multiplier`/`amount`. */
function modifierValue(modifier: PricingModifier, variant?: string): number | undefined {
  const value =
    variant !== undefined ? modifier.values[variant] : (modifier.values.multiplier ?? modifier.values.amount);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function computeEstimate(parts: EstimateParts): EstimateResponse {
  const { item, region, urgency } = parts;
  const laborShare = laborShareFor(item.category);
  const regionalMultiplier = round3(laborShare * region.laborIndex + (1 - laborShare) * region.materialIndex);

  const applied: CostBreakdown['modifiers'] = [];
  const urgencyModifier = parts.modifiers.get(URGENCY_MODIFIER_KEY);
  const urgencyValue = urgencyModifier && modifierValue(urgencyModifier, urgency);
  if (urgencyModifier && urgencyValue !== undefined) {
    applied.push({
      key: URGENCY_MODIFIER_KEY,
      name: `${urgencyModifier.name} (${urgency})`,
      type: 'multiplier',
      value: urgencyValue,
    });
  }
  const extraKeys = [...new Set(parts.modifierKeys ?? [])]
    .filter((key) => key !== URGENCY_MODIFIER_KEY)
    .sort();
  for (const key of extraKeys) {
    const modifier = parts.modifiers.get(key);
    const value = modifier && modifierValue(modifier);
    if (modifier && value !== undefined)
      applied.push({ key, name: modifier.name, type: modifier.type, value });
  }

  const factor = applied.filter((m) => m.type === 'multiplier').reduce((product, m) => product * m.value, 1);
  const flat = applied.filter((m) => m.type === 'flat').reduce((sum, m) => sum + m.value, 0);
  const rawMin = item.baseMin * regionalMultiplier * factor + flat;
  const rawMax = item.baseMax * regionalMultiplier * factor + flat;
  const min = roundPrice(rawMin);
  const max = Math.max(min, roundPrice(rawMax));

  const formula = [
    `base ${formatRange(item.baseMin, item.baseMax)}`,
    `× regional ${regionalMultiplier.toFixed(3)} (${region.code}: ${formatPercent(laborShare)} labour × ${region.laborIndex.toFixed(3)} + ${formatPercent(1 - laborShare)} materials × ${region.materialIndex.toFixed(3)})`,
    ...applied.map((m) =>
      m.type === 'multiplier'
        ? `× ${m.name.toLowerCase()} ${m.value}`
        : `+ ${m.name.toLowerCase()} ${formatUsd(m.value)}`,
    ),
  ].join(' ');

  return {
    estimatedCost: formatRange(min, max, item.unit),
    costBreakdown: {
      issueSlug: item.issueSlug,
      issueName: item.issueName,
      category: item.category,
      unit: item.unit,
      currency: region.currency,
      base: { min: item.baseMin, max: item.baseMax },
      region: {
        code: region.code,
        name: region.name,
        laborIndex: region.laborIndex,
        materialIndex: region.materialIndex,
        source: parts.regionSource,
        ...(parts.zip ? { zip: parts.zip } : {}),
      },
      laborShare,
      regionalMultiplier,
      modifiers: applied,
      total: { min, max },
      formula: `${formula} = ${formatRange(min, max, item.unit)} (rounded to the nearest $${ROUND_TO_DOLLARS})`,
    },
  };
}
