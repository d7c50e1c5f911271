/**
 * Public surface of the pricing module (the pricing engine). Other modules (diagnosis, jobs) use
 * only this, and only the one service createApp builds, so a process keeps one reference-data cache:
 *
 *   createPricingService(db: Database, options?) → {
 *     estimate(input: { issueSlug: string; zip?: string; urgency: Urgency; modifierKeys?: string[] })
 *       : Promise<EstimateResponse | null>   // null when the slug is not an active catalogue issue
 *     listActiveIssues(): Promise<Array<{ issueSlug: string; issueName: string; category: string }>>
 *   }
 *
 * EstimateResponse and CostBreakdown are in shared/contracts/pricing.ts.
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
