import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createPlumbersHandlers } from './plumbers.handlers';
import { createPlumbersService } from './plumbers.service';

/** Mounted at /api/plumbers. */
export function createPlumbersRouter(deps: ModuleDeps): Router {
  const handlers = createPlumbersHandlers(createPlumbersService({ db: deps.db }));
  const router = Router();
  router.put('/me/location', requireRole('plumber'), handlers.setMyLocation);
  router.get('/user/:userId', requireUser, handlers.getByUser);
  router.get('/:plumberId/ratings', requireUser, handlers.listRatings);
  router.get('/:plumberId/average-rating', requireUser, handlers.averageRating);
  return router;
}
