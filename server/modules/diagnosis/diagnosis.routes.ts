import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';

/** Mounted at /api/diagnose, before the global 100 kB JSON parser: this router parses its own (larger) bodies. */
export function createDiagnosisRouter(_deps: ModuleDeps): Router {
  const router = Router();
  return router;
}
