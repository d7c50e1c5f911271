import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api: /availability-slots, /service-requests. */
export function createBookingRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
