import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api/pricing: GET /estimate (public). */
export function createPricingRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
