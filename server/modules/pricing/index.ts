/**
 * Public surface of the pricing module (the pricing engine). Other modules (diagnosis, quotes,
 * admin) use only this:
 *
 *   createPricingService(db: Database, options?) → {
 *     estimate(input: { issueSlug: string; zip?: string; urgency: Urgency; modifierKeys?: string[] })
 *       : Promise<EstimateResponse | null>   // null when the slug is not an active catalogue issue
 *     listActiveIssues(): Promise<Array<{ issueSlug: string; issueName: string; category: string }>>
 *     invalidate(): void                     // drop the 30-second reference-data cache
 *   }
 *
 * EstimateResponse and CostBreakdown are in shared/validators/estimate.ts.
 */
export {
  createPricingService,
  DEFAULT_PRICING_CACHE_TTL_MS,
  type ActiveIssue,
  type EstimateInput,
  type PricingService,
} from './pricing.service';
export { createPricingRouter } from './pricing.routes';
export { formatRange, LABOR_SHARE_BY_CATEGORY, laborShareFor } from './pricing.engine';
