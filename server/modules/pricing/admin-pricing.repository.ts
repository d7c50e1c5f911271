import { asc, eq } from 'drizzle-orm';
import {
  modifiers,
  pricingCatalog,
  regions,
  type Modifier,
  type NewModifier,
  type NewPricingCatalogItem,
  type NewRegion,
  type PricingCatalogItem,
  type Region,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Modifier, PricingCatalogItem, Region };

/**
 * The admin's writes to the pricing tables. Each `find…ForUpdate` locks the row until the caller's
 * transaction ends, so two admins editing one row take turns and each audit row's `before` is what
 * that edit really changed.
 */

export async function findCatalogItemForUpdate(
  tx: Executor,
  issueSlug: string,
): Promise<PricingCatalogItem | undefined> {
  const [row] = await tx
    .select()
    .from(pricingCatalog)
    .where(eq(pricingCatalog.issueSlug, issueSlug))
    .for('update');
  return row;
}

export async function insertCatalogItem(
  tx: Executor,
  values: NewPricingCatalogItem,
): Promise<PricingCatalogItem> {
  const [row] = await tx.insert(pricingCatalog).values(values).returning();
  return row;
}

export async function updateCatalogItem(
  tx: Executor,
  id: string,
  values: Partial<NewPricingCatalogItem>,
): Promise<PricingCatalogItem> {
  const [row] = await tx.update(pricingCatalog).set(values).where(eq(pricingCatalog.id, id)).returning();
  return row;
}

export async function findRegionForUpdate(tx: Executor, code: string): Promise<Region | undefined> {
  const [row] = await tx.select().from(regions).where(eq(regions.code, code)).for('update');
  return row;
}

export async function insertRegion(tx: Executor, values: NewRegion): Promise<Region> {
  const [row] = await tx.insert(regions).values(values).returning();
  return row;
}

export async function updateRegion(tx: Executor, id: string, values: Partial<NewRegion>): Promise<Region> {
  const [row] = await tx.update(regions).set(values).where(eq(regions.id, id)).returning();
  return row;
}

export async function findModifierForUpdate(tx: Executor, id: string): Promise<Modifier | undefined> {
  const [row] = await tx.select().from(modifiers).where(eq(modifiers.id, id)).for('update');
  return row;
}

export async function findModifierByKey(tx: Executor, key: string): Promise<Modifier | undefined> {
  const [row] = await tx.select().from(modifiers).where(eq(modifiers.key, key));
  return row;
}

export async function insertModifier(tx: Executor, values: NewModifier): Promise<Modifier> {
  const [row] = await tx.insert(modifiers).values(values).returning();
  return row;
}

export async function updateModifier(
  tx: Executor,
  id: string,
  values: Partial<NewModifier>,
): Promise<Modifier> {
  const [row] = await tx.update(modifiers).set(values).where(eq(modifiers.id, id)).returning();
  return row;
}

/** Every row of the three tables, active or not (the preview applies a change to them in memory). */
export async function listAllPricingRows(
  db: Executor,
): Promise<{ items: PricingCatalogItem[]; regions: Region[]; modifiers: Modifier[] }> {
  const items = await db.select().from(pricingCatalog).orderBy(asc(pricingCatalog.issueSlug));
  const regionRows = await db.select().from(regions).orderBy(asc(regions.code));
  const modifierRows = await db.select().from(modifiers).orderBy(asc(modifiers.key));
  return { items, regions: regionRows, modifiers: modifierRows };
}
