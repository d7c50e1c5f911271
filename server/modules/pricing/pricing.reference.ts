import type { Urgency } from '@shared/constants';
import { DEFAULT_REGION_CODE, regionCodeForZip } from '@shared/region-zip-prefixes';
import type { EstimateResponse } from '@shared/contracts/pricing';
import type { Executor } from '../../db/client';
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

/**
 * The reference data an estimate is computed from (the active catalogue, regions and modifiers),
 * and the one way an issue, a region and an urgency become a price. The estimate API, a job's
 * stored estimate and the admin's impact preview all price through `priceFrom`.
 */

export interface EstimateInput {
  issueSlug: string;
  /** The homeowner's 5-digit ZIP; absent → the national default region. */
  zip?: string;
  urgency: Urgency;
  /** Modifiers besides urgency (after_hours, permit_required, …); unknown or inactive keys are ignored. */
  modifierKeys?: string[];
}

export interface ReferenceData {
  items: Map<string, PricingCatalogEntry>;
  regions: Map<string, PricingRegion>;
  modifiers: Map<string, PricingModifier>;
}

/** The rows of the three tables, as read (only active rows count). */
export interface ReferenceRows {
  items: readonly PricingCatalogItem[];
  regions: readonly Region[];
  modifiers: readonly Modifier[];
}

/** Used when the regions table has no active national row (it is seeded, so this is a safety net). */
export const NATIONAL_DEFAULT: PricingRegion = {
  code: DEFAULT_REGION_CODE,
  name: 'United States (national average)',
  laborIndex: 1,
  materialIndex: 1,
  currency: 'USD',
};

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

/** Keeps the active rows, keyed the way the engine looks them up. */
export function toReferenceData(rows: ReferenceRows): ReferenceData {
  const modifiers = new Map<string, PricingModifier>();
  for (const row of rows.modifiers) {
    const modifier = row.isActive ? toModifier(row) : undefined;
    if (modifier) modifiers.set(modifier.key, modifier);
  }
  return {
    items: new Map(rows.items.filter((row) => row.isActive).map((row) => [row.issueSlug, toEntry(row)])),
    regions: new Map(rows.regions.filter((row) => row.isActive).map((row) => [row.code, toRegion(row)])),
    modifiers,
  };
}

/**
 * Reads the active reference data through `executor` (one query after another: inside a
 * transaction they share its connection).
 */
export async function loadReferenceData(executor: Executor): Promise<ReferenceData> {
  const items = await listActiveCatalogItems(executor);
  const regions = await listActiveRegions(executor);
  const modifiers = await listActiveModifiers(executor);
  return toReferenceData({ items, regions, modifiers });
}

/** Where an estimate is priced: an active metro region, or the national default. */
export interface PricedPlace {
  /** The region the ZIP belongs to (`regionCodeForZip`); the national default code for none. */
  regionCode: string;
  zip?: string;
}

/**
 * The price of an active catalogue issue in a place; null when the slug is unknown or inactive. A
 * metro region that is inactive (or missing) prices its ZIP codes at the national default.
 */
export function priceFrom(
  data: ReferenceData,
  input: Omit<EstimateInput, 'zip'> & PricedPlace,
): EstimateResponse | null {
  const item = data.items.get(input.issueSlug);
  if (!item) return null;
  const metro = input.regionCode !== DEFAULT_REGION_CODE ? data.regions.get(input.regionCode) : undefined;
  const region = metro ?? data.regions.get(DEFAULT_REGION_CODE) ?? NATIONAL_DEFAULT;
  return computeEstimate({
    item,
    region,
    regionSource: metro ? 'zip' : 'default',
    zip: input.zip,
    urgency: input.urgency,
    modifiers: data.modifiers,
    modifierKeys: input.modifierKeys,
  });
}

/** The price for a homeowner's ZIP (or the national default without one). */
export function estimateFrom(data: ReferenceData, input: EstimateInput): EstimateResponse | null {
  return priceFrom(data, { ...input, regionCode: regionCodeForZip(input.zip) });
}

/**
 * The estimate as the tables hold it right now, read through `executor` (a caller's transaction):
 * what a job is posted with, never a cached copy that may predate an admin's change.
 */
export async function estimateNow(
  executor: Executor,
  input: EstimateInput,
): Promise<EstimateResponse | null> {
  return estimateFrom(await loadReferenceData(executor), input);
}
