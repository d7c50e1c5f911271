import { Router } from 'express';
import { requireRole, requireUser } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createQuotesHandlers } from './quotes.handlers';
import { createQuotesService } from './quotes.service';

/** Mounted at /api/quotes. */
export function createQuotesRouter(deps: ModuleDeps): Router {
  const handlers = createQuotesHandlers(createQuotesService({ db: deps.db }));
  const router = Router();
  router.post('/', requireRole('plumber'), handlers.create);
  router.get('/job/:jobId', requireUser, handlers.listForJob);
  router.get('/plumber/:plumberId', requireUser, handlers.listForPlumber);
  return router;
}
