import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, money, priceIndex, updatedAt } from './columns';

/** The pricing catalogue: one row per plumbing issue type with its national base price range. */
export const pricingCatalog = pgTable(
  'pricing_catalog',
  {
    id: id(),
    issueSlug: text('issue_slug').notNull().unique(),
    issueName: text('issue_name').notNull(),
    baseMin: money('base_min').notNull(),
    baseMax: money('base_max').notNull(),
    unit: text('unit').notNull().default('job'),
    category: text('category').notNull(),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('pricing_catalog_range_ck', sql`${t.baseMin} >= 0 and ${t.baseMin} <= ${t.baseMax}`)],
);

/** Metro regions with labour and material cost indices relative to the national average (1.000). */
export const regions = pgTable('regions', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  metro: text('metro'),
  laborIndex: priceIndex('labor_index').notNull().default('1.000'),
  materialIndex: priceIndex('material_index').notNull().default('1.000'),
  currency: text('currency').notNull().default('USD'),
  /** The IANA zone the region's jobs are scheduled and shown in. */
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Price modifiers (urgency, after-hours, access, …); `valuesJson` holds their multipliers or amounts. */
export const modifiers = pgTable(
  'modifiers',
  {
    id: id(),
    key: text('key').notNull().unique(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    valuesJson: jsonb('values_json').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('modifiers_type_ck', sql`${t.type} in ('multiplier', 'flat')`)],
);

export type PricingCatalogItem = typeof pricingCatalog.$inferSelect;
export type NewPricingCatalogItem = typeof pricingCatalog.$inferInsert;
export type Region = typeof regions.$inferSelect;
export type NewRegion = typeof regions.$inferInsert;
export type Modifier = typeof modifiers.$inferSelect;
export type NewModifier = typeof modifiers.$inferInsert;
