import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  modifiers,
  pricingCatalog,
  regions,
  type Modifier,
  type PricingCatalogItem,
  type Region,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Modifier, PricingCatalogItem, Region };

export async function listActiveCatalogItems(db: Executor): Promise<PricingCatalogItem[]> {
  return db
    .select()
    .from(pricingCatalog)
    .where(eq(pricingCatalog.isActive, true))
    .orderBy(asc(pricingCatalog.issueSlug));
}

export async function listActiveRegions(db: Executor): Promise<Region[]> {
  return db.select().from(regions).where(eq(regions.isActive, true)).orderBy(asc(regions.code));
}

export async function listActiveModifiers(db: Executor): Promise<Modifier[]> {
  return db.select().from(modifiers).where(eq(modifiers.isActive, true)).orderBy(asc(modifiers.key));
}

/** The time zones of the regions `codes` (active or not: retiring a region's prices moves no clock). */
export async function listRegionTimeZones(
  db: Executor,
  codes: readonly string[],
): Promise<{ code: string; timeZone: string }[]> {
  return db
    .select({ code: regions.code, timeZone: regions.timeZone })
    .from(regions)
    .where(inArray(regions.code, [...codes]));
}

/** Announces a committed pricing edit to every instance (their caches drop: pricing.service.ts). */
export const PRICING_CHANGED_CHANNEL = 'pricing_changed';

/** NOTIFY in the caller's transaction: PostgreSQL delivers it only if that transaction commits. */
export async function notifyPricingChanged(tx: Executor, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${PRICING_CHANGED_CHANNEL}, ${payload})`);
}
