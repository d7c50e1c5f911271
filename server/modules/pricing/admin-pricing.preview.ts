import { URGENCIES } from '@shared/constants';
import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { PreviewFigures, PricingPreviewRow } from '@shared/contracts/admin-pricing';
import type { EstimateResponse } from '@shared/contracts/pricing';
import { priceFrom, toReferenceData, type ReferenceRows } from './pricing.reference';

/**
 * The impact preview of a pricing edit: a fixed sample of estimates, each priced by the pricing
 * engine on the tables as they are and on the tables with the change applied in memory.
 *
 * - a catalogue item: that item in every active region (the national average first), each urgency;
 * - a region: that region for REGION_SAMPLE_ISSUES (one per labour share: mostly labour, even,
 *   mostly equipment, so labour and material index changes both show), each urgency;
 * - a modifier: MODIFIER_SAMPLE_ISSUE in every active region, each urgency, with that modifier applied
 *   (the urgency modifier applies itself).
 */

/** Drains 80% labour, Fixtures 60%, Water Heaters 45% (pricing.engine.ts LABOR_SHARE_BY_CATEGORY). */
export const REGION_SAMPLE_ISSUES = ['clogged-drain', 'leaky-faucet', 'water-heater-replacement'] as const;
/** A common, mid-priced job. */
export const MODIFIER_SAMPLE_ISSUE = 'leaky-faucet';
/** Items priced when none of the chosen ones is active (a catalogue an admin has reshaped). */
const FALLBACK_SAMPLE_SIZE = 3;

export type PreviewTarget =
  | { entity: 'catalog_item'; issueSlug: string }
  | { entity: 'region'; code: string }
  | { entity: 'modifier'; key: string };

interface SampleCase {
  issueSlug: string;
  regionCode: string;
  modifierKeys: string[];
}

const figuresOf = (estimate: EstimateResponse | null): PreviewFigures | null =>
  estimate
    ? {
        min: estimate.costBreakdown.total.min,
        max: estimate.costBreakdown.total.max,
        estimatedCost: estimate.estimatedCost,
      }
    : null;

const percentChange = (before: number, after: number) => Math.round(((after - before) / before) * 1000) / 10;

/** Active regions, the national average first, then by name. */
function activeRegionCodes(rows: ReferenceRows): string[] {
  return rows.regions
    .filter((region) => region.isActive)
    .sort(
      (a, b) =>
        Number(b.code === DEFAULT_REGION_CODE) - Number(a.code === DEFAULT_REGION_CODE) ||
        a.name.localeCompare(b.name),
    )
    .map((region) => region.code);
}

function activeIssueSlugs(rows: ReferenceRows): string[] {
  return rows.items
    .filter((item) => item.isActive)
    .map((item) => item.issueSlug)
    .sort();
}

/** The chosen slugs that are active, else the first active ones. */
function sampleIssues(rows: ReferenceRows, chosen: readonly string[], fallbackCount: number): string[] {
  const active = activeIssueSlugs(rows);
  const present = chosen.filter((slug) => active.includes(slug));
  return present.length > 0 ? present : active.slice(0, fallbackCount);
}

/** The sample is drawn from the tables after the change (a change of one kind leaves the others' rows). */
function sampleCases(after: ReferenceRows, target: PreviewTarget): SampleCase[] {
  switch (target.entity) {
    case 'catalog_item':
      return activeRegionCodes(after).map((regionCode) => ({
        issueSlug: target.issueSlug,
        regionCode,
        modifierKeys: [],
      }));
    case 'region':
      return sampleIssues(after, REGION_SAMPLE_ISSUES, FALLBACK_SAMPLE_SIZE).map((issueSlug) => ({
        issueSlug,
        regionCode: target.code,
        modifierKeys: [],
      }));
    case 'modifier': {
      const [issueSlug] = sampleIssues(after, [MODIFIER_SAMPLE_ISSUE], 1);
      if (!issueSlug) return [];
      const modifierKeys = target.key === 'urgency' ? [] : [target.key];
      return activeRegionCodes(after).map((regionCode) => ({ issueSlug, regionCode, modifierKeys }));
    }
  }
}

/** The sample's rows, before and after, with each end's change in percent. */
export function previewRows(
  before: ReferenceRows,
  after: ReferenceRows,
  target: PreviewTarget,
): PricingPreviewRow[] {
  const beforeData = toReferenceData(before);
  const afterData = toReferenceData(after);
  const regionName = (code: string) =>
    (after.regions.find((row) => row.code === code) ?? before.regions.find((row) => row.code === code))
      ?.name ?? code;
  const issueName = (slug: string) =>
    (after.items.find((row) => row.issueSlug === slug) ?? before.items.find((row) => row.issueSlug === slug))
      ?.issueName ?? slug;

  return sampleCases(after, target).flatMap((sample) =>
    URGENCIES.map((urgency): PricingPreviewRow => {
      const priced = { ...sample, urgency };
      const was = figuresOf(priceFrom(beforeData, priced));
      const will = figuresOf(priceFrom(afterData, priced));
      return {
        regionCode: sample.regionCode,
        regionName: regionName(sample.regionCode),
        issueSlug: sample.issueSlug,
        issueName: issueName(sample.issueSlug),
        urgency,
        modifierKeys: sample.modifierKeys,
        before: was,
        after: will,
        change:
          was && will
            ? { minPercent: percentChange(was.min, will.min), maxPercent: percentChange(was.max, will.max) }
            : null,
      };
    }),
  );
}
