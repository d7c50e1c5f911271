import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createAdminPricingHandlers } from './admin-pricing.handlers';
import type { AdminPricingService } from './admin-pricing.service';

/**
 * Mounted at /api/admin/pricing, admins only: create, edit (PATCH; `isActive: true` reinstates) and
 * retire catalogue items (by slug), regions (by code) and modifiers (by id), and POST /preview, the
 * impact of a change before it is saved.
 */
export function createAdminPricingRouter({ adminPricing }: { adminPricing: AdminPricingService }): Router {
  const handlers = createAdminPricingHandlers(adminPricing);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.post('/catalog', adminOnly, handlers.createCatalogItem);
  router.patch('/catalog/:issueSlug', adminOnly, handlers.updateCatalogItem);
  router.post('/catalog/:issueSlug/retire', adminOnly, handlers.retireCatalogItem);
  router.post('/regions', adminOnly, handlers.createRegion);
  router.patch('/regions/:code', adminOnly, handlers.updateRegion);
  router.post('/regions/:code/retire', adminOnly, handlers.retireRegion);
  router.post('/modifiers', adminOnly, handlers.createModifier);
  router.patch('/modifiers/:modifierId', adminOnly, handlers.updateModifier);
  router.post('/modifiers/:modifierId/retire', adminOnly, handlers.retireModifier);
  router.post('/preview', adminOnly, handlers.preview);
  return router;
}
