import type { RequestHandler } from 'express';
import { adminQueueRoutes } from '@shared/contracts/admin-queues';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { ServiceRequestQueue } from './request-queue.service';

export function createRequestQueueHandlers(queue: ServiceRequestQueue) {
  const list: RequestHandler = async (req, res) => {
    const query = parseInput(adminQueueRoutes.listServiceRequests.query, req.query);
    reply(res, adminQueueRoutes.listServiceRequests, await queue.list(query));
  };

  const update: RequestHandler = async (req, res) => {
    const { id } = parseInput(adminQueueRoutes.updateServiceRequest.params, req.params);
    const change = parseInput(adminQueueRoutes.updateServiceRequest.body, req.body);
    reply(res, adminQueueRoutes.updateServiceRequest, await queue.update(currentUser(req), id, change));
  };

  const convert: RequestHandler = async (req, res) => {
    const { id } = parseInput(adminQueueRoutes.convertServiceRequest.params, req.params);
    const input = parseInput(adminQueueRoutes.convertServiceRequest.body, req.body);
    reply(res, adminQueueRoutes.convertServiceRequest, await queue.convert(currentUser(req), id, input));
  };

  return { list, update, convert };
}
