import type { RequestHandler } from 'express';
import { paginationQuery } from '@shared/validators/admin';
import { parseInput } from '../../lib/validate';
import type { AdminService } from './admin.service';

export function createAdminHandlers(admin: AdminService) {
  const getStats: RequestHandler = async (_req, res) => {
    res.json(await admin.getStats());
  };

  const listCatalog: RequestHandler = async (_req, res) => {
    res.json(await admin.listCatalog());
  };

  const listRegions: RequestHandler = async (_req, res) => {
    res.json(await admin.listRegions());
  };

  const listModifiers: RequestHandler = async (_req, res) => {
    res.json(await admin.listModifiers());
  };

  const listJobs: RequestHandler = async (req, res) => {
    res.json(await admin.listJobs(parseInput(paginationQuery, req.query)));
  };

  return { getStats, listCatalog, listRegions, listModifiers, listJobs };
}
