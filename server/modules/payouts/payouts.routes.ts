import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createPayoutsHandlers } from './payouts.handlers';
import type { PayoutsService } from './payouts.service';

/**
 * Mounted at /api: GET /admin/payouts, GET /admin/payouts.csv and POST /admin/payouts/:payoutId/paid,
 * admins only (the guard on each route).
 */
export function createPayoutsRouter({ payouts }: { payouts: PayoutsService }): Router {
  const handlers = createPayoutsHandlers(payouts);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.get('/admin/payouts', adminOnly, handlers.list);
  router.get('/admin/payouts.csv', adminOnly, handlers.downloadCsv);
  router.post('/admin/payouts/:payoutId/paid', adminOnly, handlers.markPaid);
  return router;
}
