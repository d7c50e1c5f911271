import type { RequestHandler } from 'express';
import { jobRoutes } from '@shared/contracts/jobs';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { QuotesService } from '../quotes';
import type { ChangeOrdersService } from './change-orders.service';
import type { JobRoomService } from './job-room.service';
import type { JobsService } from './jobs.service';

export function createJobsHandlers(
  jobs: JobsService,
  quotes: QuotesService,
  changeOrders: ChangeOrdersService,
  jobRoom: JobRoomService,
) {
  const getRoom: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.getRoom.params, req.params);
    reply(res, jobRoutes.getRoom, await jobRoom.getRoom(currentUser(req), jobId));
  };

  const listMine: RequestHandler = async (req, res) => {
    reply(res, jobRoutes.listMine, await jobs.listCustomerJobs(currentUser(req)));
  };

  const listNearby: RequestHandler = async (req, res) => {
    const query = parseInput(jobRoutes.listNearby.query, req.query);
    reply(res, jobRoutes.listNearby, await jobs.listNearbyJobs(currentUser(req), query));
  };

  const countNearby: RequestHandler = async (req, res) => {
    reply(res, jobRoutes.countNearby, await jobs.countNearbyJobs(currentUser(req)));
  };

  const listAssigned: RequestHandler = async (req, res) => {
    reply(res, jobRoutes.listAssigned, await jobs.listAssignedJobs(currentUser(req)));
  };

  const acceptQuote: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.acceptQuote.params, req.params);
    const { quoteId } = parseInput(jobRoutes.acceptQuote.body, req.body);
    reply(res, jobRoutes.acceptQuote, await quotes.acceptQuote(currentUser(req), jobId, quoteId));
  };

  const changeStatus: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.changeStatus.params, req.params);
    const change = parseInput(jobRoutes.changeStatus.body, req.body);
    reply(res, jobRoutes.changeStatus, await jobs.changeStatus(currentUser(req), jobId, change));
  };

  const rate: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.rate.params, req.params);
    const input = parseInput(jobRoutes.rate.body, req.body);
    reply(res, jobRoutes.rate, await jobs.rateJob(currentUser(req), jobId, input));
  };

  const requestChangeOrder: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.requestChangeOrder.params, req.params);
    const input = parseInput(jobRoutes.requestChangeOrder.body, req.body);
    reply(
      res,
      jobRoutes.requestChangeOrder,
      await changeOrders.requestChangeOrder(currentUser(req), jobId, input),
    );
  };

  const decideChangeOrder =
    (
      route: typeof jobRoutes.approveChangeOrder | typeof jobRoutes.declineChangeOrder,
      decision: 'approved' | 'declined',
    ): RequestHandler =>
    async (req, res) => {
      const { jobId, changeOrderId } = parseInput(route.params, req.params);
      reply(
        res,
        route,
        await changeOrders.decideChangeOrder(currentUser(req), jobId, changeOrderId, decision),
      );
    };

  return {
    getRoom,
    listMine,
    listNearby,
    countNearby,
    listAssigned,
    acceptQuote,
    changeStatus,
    rate,
    requestChangeOrder,
    approveChangeOrder: decideChangeOrder(jobRoutes.approveChangeOrder, 'approved'),
    declineChangeOrder: decideChangeOrder(jobRoutes.declineChangeOrder, 'declined'),
  };
}
