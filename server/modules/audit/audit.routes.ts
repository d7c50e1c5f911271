import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createAuditHandlers } from './audit.handlers';
import type { AuditService } from './audit.service';

/** Mounted at /api/admin/audit: read-only, admins only. */
export function createAuditRouter({ audit }: { audit: AuditService }): Router {
  const handlers = createAuditHandlers(audit);
  const router = Router();
  router.get('/', requireRole('admin'), handlers.list);
  return router;
}
