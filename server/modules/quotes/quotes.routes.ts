import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api/quotes. */
export function createQuotesRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
