import type { RequestHandler } from 'express';
import { auditRoutes } from '@shared/contracts/audit';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { AuditService } from './audit.service';

export function createAuditHandlers(audit: AuditService) {
  const list: RequestHandler = async (req, res) => {
    reply(res, auditRoutes.list, await audit.list(parseInput(auditRoutes.list.query, req.query)));
  };
  return { list };
}
