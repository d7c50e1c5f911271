import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import { createPlumbersHandlers } from './plumbers.handlers';
import type { PlumbersService } from './plumbers.service';

/** Mounted at /api/plumbers. */
export function createPlumbersRouter({ plumbers }: { plumbers: PlumbersService }): Router {
  const handlers = createPlumbersHandlers(plumbers);
  const router = Router();
  router.put('/me/location', requireRole('plumber'), handlers.setMyLocation);
  router.get('/user/:userId', requireUser, handlers.getByUser);
  router.get('/:plumberId/ratings', requireUser, handlers.listRatings);
  router.get('/:plumberId/average-rating', requireUser, handlers.averageRating);
  return router;
}
