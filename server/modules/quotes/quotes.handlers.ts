import type { RequestHandler } from 'express';
import { jobIdParam } from '@shared/validators/jobs';
import { plumberIdParam } from '@shared/validators/plumbers';
import { createQuoteInput } from '@shared/validators/quotes';
import { currentUser } from '../../auth/guards';
import { parseInput } from '../../lib/validate';
import type { QuotesService } from './quotes.service';

export function createQuotesHandlers(quotes: QuotesService) {
  const create: RequestHandler = async (req, res) => {
    // The plumber is the logged-in one: a plumberId in the body is ignored.
    const input = parseInput(createQuoteInput, req.body);
    res.status(201).json(await quotes.createQuote(currentUser(req), input));
  };

  const listForJob: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobIdParam, req.params);
    res.json(await quotes.listForJob(currentUser(req), jobId));
  };

  const listForPlumber: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(plumberIdParam, req.params);
    res.json(await quotes.listForPlumber(currentUser(req), plumberId));
  };

  return { create, listForJob, listForPlumber };
}
