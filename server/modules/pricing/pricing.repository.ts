import { asc, eq } from 'drizzle-orm';
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
