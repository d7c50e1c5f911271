import type { Urgency } from '@shared/constants';
import { DEFAULT_REGION_CODE, regionCodeForZip } from '@shared/region-zip-prefixes';
import type { EstimateResponse } from '@shared/contracts/pricing';
import type { Database } from '../../db/client';
import {
  computeEstimate,
  type PricingCatalogEntry,
  type PricingModifier,
  type PricingRegion,
} from './pricing.engine';
import {
  listActiveCatalogItems,
  listActiveModifiers,
  listActiveRegions,
  type Modifier,
  type PricingCatalogItem,
  type Region,
} from './pricing.repository';

export interface EstimateInput {
  issueSlug: string;
  /** The homeowner's 5-digit ZIP; absent → the national default region. */
  zip?: string;
  urgency: Urgency;
  /** Modifiers besides urgency (after_hours, permit_required, …); unknown or inactive keys are ignored. */
  modifierKeys?: string[];
}

export interface ActiveIssue {
  issueSlug: string;
  issueName: string;
  category: string;
}

export interface PricingServiceOptions {
  /**
   * How long the catalogue, regions and modifiers are kept in memory (they change only when an
   * admin or the seed edits them). 0 reads them on every call. Default 30 s: an estimate then costs
   * no query at all (see bench/diagnosis.ts for both figures).
   */
  cacheTtlMs?: number;
  now?: () => number;
}

/** Used when the regions table has no active national row (it is seeded, so this is a safety net). */
const NATIONAL_DEFAULT: PricingRegion = {
  code: DEFAULT_REGION_CODE,
  name: 'United States (national average)',
  laborIndex: 1,
  materialIndex: 1,
  currency: 'USD',
};

interface ReferenceData {
  items: Map<string, PricingCatalogEntry>;
  regions: Map<string, PricingRegion>;
  modifiers: Map<string, PricingModifier>;
}

const toEntry = (row: PricingCatalogItem): PricingCatalogEntry => ({
  issueSlug: row.issueSlug,
  issueName: row.issueName,
  category: row.category,
  unit: row.unit,
  baseMin: Number(row.baseMin),
  baseMax: Number(row.baseMax),
});

const toRegion = (row: Region): PricingRegion => ({
  code: row.code,
  name: row.name,
  laborIndex: Number(row.laborIndex),
  materialIndex: Number(row.materialIndex),
  currency: row.currency,
});

function toModifier(row: Modifier): PricingModifier | undefined {
  if (row.type !== 'multiplier' && row.type !== 'flat') return undefined;
  const values = Object.fromEntries(
    Object.entries((row.valuesJson ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
  return { key: row.key, name: row.name, type: row.type, values };
}

export const DEFAULT_PRICING_CACHE_TTL_MS = 30_000;

export function createPricingService(db: Database, options: PricingServiceOptions = {}) {
  const ttl = options.cacheTtlMs ?? DEFAULT_PRICING_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { data: ReferenceData; loadedAt: number } | undefined;
  let loading: Promise<ReferenceData> | undefined;

  async function load(): Promise<ReferenceData> {
    const [itemRows, regionRows, modifierRows] = await Promise.all([
      listActiveCatalogItems(db),
      listActiveRegions(db),
      listActiveModifiers(db),
    ]);
    const modifiers = new Map<string, PricingModifier>();
    for (const row of modifierRows) {
      const modifier = toModifier(row);
      if (modifier) modifiers.set(modifier.key, modifier);
    }
    return {
      items: new Map(itemRows.map((row) => [row.issueSlug, toEntry(row)])),
      regions: new Map(regionRows.map((row) => [row.code, toRegion(row)])),
      modifiers,
    };
  }

  async function referenceData(): Promise<ReferenceData> {
    if (cached && ttl > 0 && now() - cached.loadedAt < ttl) return cached.data;
    // Concurrent callers share one load.
    loading ??= load()
      .then((data) => {
        cached = { data, loadedAt: now() };
        return data;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  return {
    /** The price of an active catalogue issue; null when the slug is unknown or inactive. */
    async estimate(input: EstimateInput): Promise<EstimateResponse | null> {
      const data = await referenceData();
      const item = data.items.get(input.issueSlug);
      if (!item) return null;
      const zipRegionCode = regionCodeForZip(input.zip);
      const zipRegion = zipRegionCode !== DEFAULT_REGION_CODE ? data.regions.get(zipRegionCode) : undefined;
      const region = zipRegion ?? data.regions.get(DEFAULT_REGION_CODE) ?? NATIONAL_DEFAULT;
      return computeEstimate({
        item,
        region,
        regionSource: zipRegion ? 'zip' : 'default',
        zip: input.zip,
        urgency: input.urgency,
        modifiers: data.modifiers,
        modifierKeys: input.modifierKeys,
      });
    },

    /** The active catalogue issues, sorted by slug. */
    async listActiveIssues(): Promise<ActiveIssue[]> {
      const data = await referenceData();
      return [...data.items.values()].map(({ issueSlug, issueName, category }) => ({
        issueSlug,
        issueName,
        category,
      }));
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
