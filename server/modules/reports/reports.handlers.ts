import type { RequestHandler } from 'express';
import { adminQueueRoutes } from '@shared/contracts/admin-queues';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { ReportsService } from './reports.service';

export function createReportsHandlers(reports: ReportsService) {
  const file: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(adminQueueRoutes.fileReport.params, req.params);
    const input = parseInput(adminQueueRoutes.fileReport.body, req.body);
    reply(res, adminQueueRoutes.fileReport, await reports.file(currentUser(req), jobId, input));
  };

  const listMine: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(adminQueueRoutes.listMyReports.params, req.params);
    reply(res, adminQueueRoutes.listMyReports, await reports.listMine(currentUser(req), jobId));
  };

  const listForAdmin: RequestHandler = async (req, res) => {
    const query = parseInput(adminQueueRoutes.listReports.query, req.query);
    reply(res, adminQueueRoutes.listReports, await reports.listForAdmin(query));
  };

  const decide: RequestHandler = async (req, res) => {
    const { reportId } = parseInput(adminQueueRoutes.updateReport.params, req.params);
    const input = parseInput(adminQueueRoutes.updateReport.body, req.body);
    reply(res, adminQueueRoutes.updateReport, await reports.decide(currentUser(req), reportId, input));
  };

  return { file, listMine, listForAdmin, decide };
}
