import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createAdminHandlers } from './admin.handlers';
import type { AdminService } from './admin.service';

/**
 * Mounted at /api before the pricing and jobs routers: the admin-only lists GET /pricing/catalog,
 * /pricing/regions, /pricing/modifiers, /jobs/all and GET /admin/stats. The guard is on each route,
 * never `router.use`, so the public routes of those routers (GET /pricing/estimate, …) stay public.
 */
export function createAdminRouter({ admin }: { admin: AdminService }): Router {
  const handlers = createAdminHandlers(admin);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.get('/admin/stats', adminOnly, handlers.getStats);
  router.get('/pricing/catalog', adminOnly, handlers.listCatalog);
  router.get('/pricing/regions', adminOnly, handlers.listRegions);
  router.get('/pricing/modifiers', adminOnly, handlers.listModifiers);
  router.get('/jobs/all', adminOnly, handlers.listJobs);
  return router;
}
