import type { RequestHandler } from 'express';
import {
  acceptQuoteInput,
  changeOrderParams,
  createChangeOrderInput,
  jobIdParam,
  updateJobStatusInput,
} from '@shared/validators/jobs';
import { createRatingInput } from '@shared/validators/ratings';
import { currentUser } from '../../auth/guards';
import { parseInput } from '../../lib/validate';
import type { QuotesService } from '../quotes';
import type { ChangeOrdersService } from './change-orders.service';
import type { JobsService } from './jobs.service';

export function createJobsHandlers(
  jobs: JobsService,
  quotes: QuotesService,
  changeOrders: ChangeOrdersService,
) {
  const listMine: RequestHandler = async (req, res) => {
    res.json(await jobs.listCustomerJobs(currentUser(req)));
  };

  const listNearby: RequestHandler = async (req, res) => {
    res.json(await jobs.listNearbyJobs(currentUser(req)));
  };

  const listAssigned: RequestHandler = async (req, res) => {
    res.json(await jobs.listAssignedJobs(currentUser(req)));
  };

  const acceptQuote: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobIdParam, req.params);
    const { quoteId } = parseInput(acceptQuoteInput, req.body);
    res.json(await quotes.acceptQuote(currentUser(req), jobId, quoteId));
  };

  const changeStatus: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobIdParam, req.params);
    const change = parseInput(updateJobStatusInput, req.body);
    res.json(await jobs.changeStatus(currentUser(req), jobId, change));
  };

  const rate: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobIdParam, req.params);
    const input = parseInput(createRatingInput, req.body);
    res.status(201).json(await jobs.rateJob(currentUser(req), jobId, input));
  };

  const requestChangeOrder: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobIdParam, req.params);
    const input = parseInput(createChangeOrderInput, req.body);
    res.status(201).json(await changeOrders.requestChangeOrder(currentUser(req), jobId, input));
  };

  const decideChangeOrder =
    (decision: 'approved' | 'declined'): RequestHandler =>
    async (req, res) => {
      const { jobId, changeOrderId } = parseInput(changeOrderParams, req.params);
      res.json(await changeOrders.decideChangeOrder(currentUser(req), jobId, changeOrderId, decision));
    };

  return {
    listMine,
    listNearby,
    listAssigned,
    acceptQuote,
    changeStatus,
    rate,
    requestChangeOrder,
    approveChangeOrder: decideChangeOrder('approved'),
    declineChangeOrder: decideChangeOrder('declined'),
  };
}
