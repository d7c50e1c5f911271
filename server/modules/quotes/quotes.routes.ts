import { Router } from 'express';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { requireCompleteProfile, requireRole, requireUser } from '../../auth/guards';
import { createQuotesHandlers } from './quotes.handlers';
import type { QuotesService } from './quotes.service';

/** Mounted at /api/quotes. */
export function createQuotesRouter({ quotes }: { quotes: QuotesService }): Router {
  const handlers = createQuotesHandlers(quotes);
  const router = Router();
  router.post(
    '/',
    requireRole('plumber'),
    requireCompleteProfile(ACCOUNT_MESSAGES.profileRequiredForQuote),
    handlers.create,
  );
  router.get('/job/:jobId', requireUser, handlers.listForJob);
  router.get('/plumber/:plumberId', requireUser, handlers.listForPlumber);
  return router;
}
