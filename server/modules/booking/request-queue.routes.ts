import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createRequestQueueHandlers } from './request-queue.handlers';
import type { ServiceRequestQueue } from './request-queue.service';

/** Mounted at /api/admin/service-requests: the admins' queue of bookings, admins only. */
export function createServiceRequestQueueRouter({
  serviceRequestQueue,
}: {
  serviceRequestQueue: ServiceRequestQueue;
}): Router {
  const handlers = createRequestQueueHandlers(serviceRequestQueue);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.get('/', adminOnly, handlers.list);
  router.patch('/:id', adminOnly, handlers.update);
  router.post('/:id/convert', adminOnly, handlers.convert);
  return router;
}
