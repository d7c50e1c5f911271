import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import type { QuotesService } from '../quotes';
import type { ChangeOrdersService } from './change-orders.service';
import type { JobRoomService } from './job-room.service';
import { createJobsHandlers } from './jobs.handlers';
import type { JobsService } from './jobs.service';

/** Mounted at /api/jobs (GET /api/jobs/all belongs to the admin router, mounted earlier). */
export function createJobsRouter({
  jobs,
  quotes,
  changeOrders,
  jobRoom,
}: {
  jobs: JobsService;
  quotes: QuotesService;
  changeOrders: ChangeOrdersService;
  jobRoom: JobRoomService;
}): Router {
  const handlers = createJobsHandlers(jobs, quotes, changeOrders, jobRoom);
  const router = Router();
  router.get('/', requireUser, handlers.listMine);
  router.get('/nearby', requireRole('plumber'), handlers.listNearby);
  router.get('/nearby/count', requireRole('plumber'), handlers.countNearby);
  router.get('/assigned', requireRole('plumber'), handlers.listAssigned);
  // After the fixed paths above, which :jobId would otherwise take.
  router.get('/:jobId', requireUser, handlers.getRoom);
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
