import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { DEFAULT_CURRENCY, LIMITS } from '../constants';
import { modifiers, pricingCatalog, regions } from '../schema';
import { FIELD_MESSAGES, issueSlugField, urgencyField, zipField } from './common';

export const PRICING_MESSAGES = {
  issueSlugRequired: 'Issue slug is required',
  issueNameRequired: 'Issue name is required',
  baseMinRequired: 'Base minimum price is required',
  baseMaxRequired: 'Base maximum price is required',
  basePriceFormat: 'Base price must be a positive amount with at most 2 decimals',
  baseMinAboveMax: 'Base minimum price cannot be more than the base maximum price',
  categoryRequired: 'Category is required',
  unitRequired: 'Unit is required',
  codeRequired: 'Region code is required',
  nameRequired: 'Region name is required',
  stateLength: 'State must be a 2-letter code',
  indexFormat: 'Index must be a number from 0.001 to 99.999 with at most 3 decimals',
  currencyFormat: 'Currency must be a 3-letter code',
  modifierKeyRequired: 'Modifier key is required',
  modifierTypeInvalid: 'Modifier type must be multiplier or flat',
  modifierNameRequired: 'Modifier name is required',
  modifierValuesInvalid: 'Modifier values must map names to numbers',
  issueTypeRequired: FIELD_MESSAGES.issueTypeRequired,
} as const;

/** How a modifier acts on a price: multiply it, or add a flat amount. */
export const MODIFIER_TYPES = ['multiplier', 'flat'] as const;
export type ModifierType = (typeof MODIFIER_TYPES)[number];

/** numeric(10,2) as text: positive, at most 8 integer digits and 2 decimals. */
const MONEY_TEXT = /^\d{1,8}(\.\d{1,2})?$/;
/** numeric(5,3) as text. */
const INDEX_TEXT = /^\d{1,2}(\.\d{1,3})?$/;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const basePriceField = (requiredMessage: string) =>
  requiredText(requiredMessage, 20).refine((value) => MONEY_TEXT.test(value) && Number(value) > 0, {
    error: PRICING_MESSAGES.basePriceFormat,
  });

const indexField = () =>
  z
    .string({ error: PRICING_MESSAGES.indexFormat })
    .trim()
    .refine((value) => INDEX_TEXT.test(value) && Number(value) > 0, { error: PRICING_MESSAGES.indexFormat })
    .default('1.000');

/** A pricing-catalogue row: one plumbing issue type with its national base price range. */
export const insertPricingCatalogSchema = createInsertSchema(pricingCatalog, {
  issueSlug: issueSlugField(PRICING_MESSAGES.issueSlugRequired),
  issueName: requiredText(PRICING_MESSAGES.issueNameRequired),
  baseMin: basePriceField(PRICING_MESSAGES.baseMinRequired),
  baseMax: basePriceField(PRICING_MESSAGES.baseMaxRequired),
  unit: requiredText(PRICING_MESSAGES.unitRequired, 40).default('job'),
  category: requiredText(PRICING_MESSAGES.categoryRequired, 80),
  notes: z.string().trim().max(2000).nullish(),
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .refine((item) => Number(item.baseMin) <= Number(item.baseMax), {
    error: PRICING_MESSAGES.baseMinAboveMax,
    path: ['baseMax'],
  });
export type InsertPricingCatalogInput = z.input<typeof insertPricingCatalogSchema>;

/** A metro region with labour and material indices relative to the national average (1.000). */
export const insertRegionSchema = createInsertSchema(regions, {
  code: requiredText(PRICING_MESSAGES.codeRequired, 20),
  name: requiredText(PRICING_MESSAGES.nameRequired),
  state: z
    .string({ error: PRICING_MESSAGES.stateLength })
    .trim()
    .length(LIMITS.regionStateLength, { error: PRICING_MESSAGES.stateLength }),
  metro: z.string().trim().max(200).nullish(),
  laborIndex: indexField(),
  materialIndex: indexField(),
  currency: z
    .string({ error: PRICING_MESSAGES.currencyFormat })
    .trim()
    .regex(/^[A-Z]{3}$/, { error: PRICING_MESSAGES.currencyFormat })
    .default(DEFAULT_CURRENCY),
}).omit({ id: true, createdAt: true, updatedAt: true });
export type InsertRegionInput = z.input<typeof insertRegionSchema>;

/** `{ routine: 1, urgent: 1.25 }` for a multiplier with variants, `{ multiplier: 1.5 }`, `{ amount: 150 }`. */
export const modifierValuesSchema = z.record(z.string().min(1), z.number().nonnegative().finite(), {
  error: PRICING_MESSAGES.modifierValuesInvalid,
});
export type ModifierValues = z.infer<typeof modifierValuesSchema>;

/** A price modifier (urgency, after-hours, difficult access, permit, …). */
export const insertModifierSchema = createInsertSchema(modifiers, {
  key: requiredText(PRICING_MESSAGES.modifierKeyRequired, 60),
  type: z.enum(MODIFIER_TYPES, { error: PRICING_MESSAGES.modifierTypeInvalid }),
  name: requiredText(PRICING_MESSAGES.modifierNameRequired),
  description: z.string().trim().max(1000).nullish(),
  valuesJson: modifierValuesSchema,
}).omit({ id: true, createdAt: true, updatedAt: true });
export type InsertModifierInput = z.input<typeof insertModifierSchema>;

/** GET /api/pricing/estimate?issueSlug=&zip=&urgency= */
export const pricingEstimateQuery = z.object({
  issueSlug: issueSlugField(PRICING_MESSAGES.issueTypeRequired),
  zip: zipField().optional(),
  urgency: urgencyField().default('routine'),
});
export type PricingEstimateQueryInput = z.input<typeof pricingEstimateQuery>;
export type PricingEstimateQuery = z.output<typeof pricingEstimateQuery>;
