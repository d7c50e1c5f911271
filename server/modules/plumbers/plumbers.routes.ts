import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import { createPlumbersHandlers } from './plumbers.handlers';
import type { PlumbersService } from './plumbers.service';

/** Mounted at /api/plumbers. */
export function createPlumbersRouter({ plumbers }: { plumbers: PlumbersService }): Router {
  const handlers = createPlumbersHandlers(plumbers);
  const router = Router();
  router.put('/me/location', requireRole('plumber'), handlers.setMyLocation);
  router.put('/me/onboarding', requireRole('plumber'), handlers.submitOnboarding);
  router.get('/user/:userId', requireUser, handlers.getByUser);
  router.get('/:plumberId/ratings', requireUser, handlers.listRatings);
  router.get('/:plumberId/average-rating', requireUser, handlers.averageRating);
  return router;
}

/** Mounted at /api/admin/plumbers: the admin's review of plumbers' licences and insurance. */
export function createPlumberReviewRouter({ plumbers }: { plumbers: PlumbersService }): Router {
  const handlers = createPlumbersHandlers(plumbers);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.get('/', adminOnly, handlers.listForReview);
  router.post('/:plumberId/verify', adminOnly, handlers.verify);
  router.post('/:plumberId/reject', adminOnly, handlers.reject);
  return router;
}
