import { z } from 'zod';
import { URGENCIES } from '../constants';

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

export const ESTIMATE_URGENCIES = URGENCIES;
