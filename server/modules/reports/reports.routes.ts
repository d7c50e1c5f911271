import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createReportsHandlers } from './reports.handlers';
import type { ReportsService } from './reports.service';

/**
 * Mounted at /api/jobs: a job's homeowner and involved plumbers report and follow their reports.
 * Admins watch jobs, they do not report (403); the admins' side is createReportQueueRouter.
 */
export function createJobReportsRouter({ reports }: { reports: ReportsService }): Router {
  const handlers = createReportsHandlers(reports);
  const parties = requireRole('homeowner', 'plumber');
  const router = Router();
  router.post('/:jobId/reports', parties, handlers.file);
  router.get('/:jobId/reports', parties, handlers.listMine);
  return router;
}

/** Mounted at /api/admin/reports: the admins' queue of reports, admins only. */
export function createReportQueueRouter({ reports }: { reports: ReportsService }): Router {
  const handlers = createReportsHandlers(reports);
  const adminOnly = requireRole('admin');
  const router = Router();
  router.get('/', adminOnly, handlers.listForAdmin);
  router.patch('/:reportId', adminOnly, handlers.decide);
  return router;
}
