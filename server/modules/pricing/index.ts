/**
 * Public surface of the pricing module (the pricing engine). Other modules (diagnosis, jobs) use
 * only this, and only the one service createApp builds, so a process keeps one reference-data cache:
 *
 *   createPricingService(db: Database, options?) → {
 *     estimate(input: { issueSlug: string; zip?: string; urgency: Urgency; modifierKeys?: string[] })
 *       : Promise<EstimateResponse | null>   // null when the slug is not an active catalogue issue
 *     listActiveIssues(): Promise<Array<{ issueSlug: string; issueName: string; category: string }>>
 *     dropCache(); startListening(); stopListening()   // every instance drops its cache on an edit
 *   }
 *   estimateNow(executor, input)   // the same price from the tables as they are now (a job's snapshot)
 *
 * The admin's edits of the catalogue, regions and modifiers (with their impact preview) are the
 * admin-pricing service and router, mounted at /api/admin/pricing.
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
export { estimateFrom, estimateNow, loadReferenceData } from './pricing.reference';
export { createAdminPricingService, type AdminPricingService } from './admin-pricing.service';
export { createAdminPricingRouter } from './admin-pricing.routes';
export { formatRange, LABOR_SHARE_BY_CATEGORY, laborShareFor } from './pricing.engine';
// The regions' clocks: the zone of a ZIP, for jobs and plumbers (and postJob, which has no service).
export { createRegionTimeZones, timeZoneForZip, type RegionTimeZones } from './pricing.time-zones';
