import { Router, type Request } from 'express';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { requireCompleteProfile, requireRole, requireUser } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createRateLimiter } from '../../lib/rate-limit';
import { createMessagesHandlers } from './messages.handlers';
import type { MessagesService } from './messages.service';

export const MESSAGE_RATE_LIMIT_MESSAGE =
  'You have sent a lot of messages in a short time. Please wait a few minutes and try again.';

/**
 * Mounted at /api/jobs: GET and POST /api/jobs/:jobId/messages. The route paths carry `:jobId`
 * (not the mount path), so the contract check in tests finds the route by its pattern.
 */
export function createMessagesRouter({
  messages,
  config,
  rateLimitStore,
}: ModuleDeps & { messages: MessagesService }): Router {
  const handlers = createMessagesHandlers(messages);
  // MESSAGE_RATE_LIMIT messages per account per window, shared by all instances (docs/decisions/006-rate-limiting.md).
  const perAccount = createRateLimiter({
    ...config.messageRateLimit,
    message: MESSAGE_RATE_LIMIT_MESSAGE,
    store: rateLimitStore('message:'),
    key: (req: Request) => req.user?.id,
  });
  const router = Router();
  router.get('/:jobId/messages', requireUser, handlers.list);
  router.post(
    '/:jobId/messages',
    requireRole('homeowner', 'plumber'),
    requireCompleteProfile(ACCOUNT_MESSAGES.profileRequiredForMessage),
    perAccount,
    handlers.post,
  );
  return router;
}
