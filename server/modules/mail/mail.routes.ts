import { Router } from 'express';
import { createDevMailboxHandlers } from './mail.handlers';
import type { DevMailbox } from './mail.mailbox';

/**
 * Mounted at /api/dev, only where config.mail.devMailbox is true: anyone who reaches the server
 * may read the kept mail, which is why that is only a loopback server by default.
 */
export function createDevMailboxRouter({ devMailbox }: { devMailbox: DevMailbox }): Router {
  const router = Router();
  router.get('/mailbox', createDevMailboxHandlers(devMailbox).listMail);
  return router;
}

/** Mounted at /dev on the same condition: the same mail as a page, before the SPA's catch-all. */
export function createDevMailboxPageRouter({ devMailbox }: { devMailbox: DevMailbox }): Router {
  const router = Router();
  router.get('/mailbox', createDevMailboxHandlers(devMailbox).showMailboxPage);
  return router;
}
