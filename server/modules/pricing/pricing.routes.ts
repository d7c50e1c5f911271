import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';
import { createPricingHandlers } from './pricing.handlers';
import { createPricingService } from './pricing.service';

/** Mounted at /api/pricing: GET /estimate?issueSlug=&zip=&urgency= (public). */
export function createPricingRouter(deps: ModuleDeps): Router {
  const handlers = createPricingHandlers(createPricingService(deps.db));
  const router = Router();
  router.get('/estimate', handlers.getEstimate);
  return router;
}
