import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api/jobs. */
export function createJobsRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
