import { Router } from 'express';
import { createPricingHandlers } from './pricing.handlers';
import type { PricingService } from './pricing.service';

/** Mounted at /api/pricing: GET /estimate?issueSlug=&zip=&urgency= (public). */
export function createPricingRouter({ pricing }: { pricing: PricingService }): Router {
  const handlers = createPricingHandlers(pricing);
  const router = Router();
  router.get('/estimate', handlers.getEstimate);
  return router;
}
