import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createPricingService } from '../pricing';
import { createQuotesService } from '../quotes';
import { createChangeOrdersService } from './change-orders.service';
import { createJobsHandlers } from './jobs.handlers';
import { createJobsService, pricingEstimator } from './jobs.service';

/** Mounted at /api/jobs (GET /api/jobs/all belongs to the admin router, mounted earlier). */
export function createJobsRouter(deps: ModuleDeps): Router {
  const jobs = createJobsService({
    db: deps.db,
    platformFeePercent: deps.config.platformFeePercent,
    estimator: pricingEstimator(createPricingService(deps.db)),
  });
  const handlers = createJobsHandlers(
    jobs,
    createQuotesService({ db: deps.db }),
    createChangeOrdersService({ db: deps.db }),
  );
  const router = Router();
  router.get('/', requireUser, handlers.listMine);
  router.get('/nearby', requireRole('plumber'), handlers.listNearby);
  router.get('/assigned', requireRole('plumber'), handlers.listAssigned);
  router.post('/:jobId/accept-quote', requireRole('homeowner'), handlers.acceptQuote);
  router.patch('/:jobId/status', requireRole('homeowner', 'plumber'), handlers.changeStatus);
  router.post('/:jobId/rating', requireRole('homeowner'), handlers.rate);
  router.post('/:jobId/change-orders', requireRole('plumber'), handlers.requestChangeOrder);
  router.post(
    '/:jobId/change-orders/:changeOrderId/approve',
    requireRole('homeowner'),
    handlers.approveChangeOrder,
  );
  router.post(
    '/:jobId/change-orders/:changeOrderId/decline',
    requireRole('homeowner'),
    handlers.declineChangeOrder,
  );
  return router;
}
