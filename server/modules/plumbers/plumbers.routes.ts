import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api/plumbers. */
export function createPlumbersRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
