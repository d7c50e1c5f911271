import type { RequestHandler } from 'express';
import { quoteRoutes } from '@shared/contracts/quotes';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { QuotesService } from './quotes.service';

export function createQuotesHandlers(quotes: QuotesService) {
  const create: RequestHandler = async (req, res) => {
    // The plumber is the logged-in one: a plumberId in the body is ignored.
    const input = parseInput(quoteRoutes.create.body, req.body);
    reply(res, quoteRoutes.create, await quotes.createQuote(currentUser(req), input));
  };

  const listForJob: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(quoteRoutes.listForJob.params, req.params);
    reply(res, quoteRoutes.listForJob, await quotes.listForJob(currentUser(req), jobId));
  };

  const listForPlumber: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(quoteRoutes.listForPlumber.params, req.params);
    reply(res, quoteRoutes.listForPlumber, await quotes.listForPlumber(currentUser(req), plumberId));
  };

  return { create, listForJob, listForPlumber };
}
