import type { RequestHandler } from 'express';
import { adminRoutes } from '@shared/contracts/admin';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { AdminService } from './admin.service';

export function createAdminHandlers(admin: AdminService) {
  const getStats: RequestHandler = async (_req, res) => {
    reply(res, adminRoutes.stats, await admin.getStats());
  };

  const listCatalog: RequestHandler = async (_req, res) => {
    reply(res, adminRoutes.catalog, await admin.listCatalog());
  };

  const listRegions: RequestHandler = async (_req, res) => {
    reply(res, adminRoutes.regions, await admin.listRegions());
  };

  const listModifiers: RequestHandler = async (_req, res) => {
    reply(res, adminRoutes.modifiers, await admin.listModifiers());
  };

  const listJobs: RequestHandler = async (req, res) => {
    reply(res, adminRoutes.jobs, await admin.listJobs(parseInput(adminRoutes.jobs.query, req.query)));
  };

  return { getStats, listCatalog, listRegions, listModifiers, listJobs };
}
