import { z } from './zod';
import { FIELD_MESSAGES, issueSlugField, urgencyField, zipField } from './common';
import { defineRoute } from './http';

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

/** `{ routine: 1, urgent: 1.25 }` for a multiplier with variants, `{ multiplier: 1.5 }`, `{ amount: 150 }`. */
export const modifierValuesSchema = z.record(z.string().min(1), z.number().nonnegative().finite(), {
  error: PRICING_MESSAGES.modifierValuesInvalid,
});
export type ModifierValues = z.infer<typeof modifierValuesSchema>;

/** GET /api/pricing/estimate?issueSlug=&zip=&urgency= */
export const pricingEstimateQuery = z.object({
  issueSlug: issueSlugField(PRICING_MESSAGES.issueTypeRequired),
  zip: zipField().optional(),
  urgency: urgencyField().default('routine'),
});
export type PricingEstimateQueryInput = z.input<typeof pricingEstimateQuery>;
export type PricingEstimateQuery = z.output<typeof pricingEstimateQuery>;

/**
 * How a price was computed — the structured answer of the pricing engine, shown to homeowners
 * ("How we priced this") and admins. Every number comes from the catalogue, the region and the
 * modifiers; never from a model's text.
 */
export const costBreakdownSchema = z.object({
  issueSlug: z.string(),
  issueName: z.string(),
  category: z.string(),
  unit: z.string(),
  currency: z.string(),
  /** The catalogue's national base range. */
  base: z.object({ min: z.number(), max: z.number() }),
  region: z.object({
    code: z.string(),
    name: z.string(),
    laborIndex: z.number(),
    materialIndex: z.number(),
    /** 'zip' when found from the homeowner's ZIP code, 'default' for the national average. */
    source: z.enum(['zip', 'default']),
    zip: z.string().optional(),
  }),
  /** Share of this category's cost that is labour (the rest is materials). */
  laborShare: z.number(),
  /** laborShare × laborIndex + (1 − laborShare) × materialIndex. */
  regionalMultiplier: z.number(),
  modifiers: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.enum(['multiplier', 'flat']),
      /** A factor (1.25) for multipliers, dollars for flat amounts. */
      value: z.number(),
    }),
  ),
  /** The final, rounded range. */
  total: z.object({ min: z.number(), max: z.number() }),
  /** The same computation in one readable line. */
  formula: z.string(),
});
export type CostBreakdown = z.infer<typeof costBreakdownSchema>;

/** GET /api/pricing/estimate?issueSlug=&zip=&urgency= answers `{ estimatedCost, costBreakdown }`. */
export const estimateResponseSchema = z.object({
  estimatedCost: z.string(),
  costBreakdown: costBreakdownSchema,
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

export const pricingRoutes = {
  /** Public: the pricing engine's price for an issue, region and urgency, with its breakdown. */
  estimate: defineRoute({
    method: 'GET',
    path: '/api/pricing/estimate',
    query: pricingEstimateQuery,
    response: estimateResponseSchema,
  }),
};
