import { Router } from 'express';
import { siteRoutes } from '@shared/contracts/site';
import { reply } from '../../lib/contract';

/**
 * Public, non-secret settings the client shows: footer contact details, and the app's time zone
 * (APP_TIME_ZONE), in which the booking form judges "today".
 */
export function createSiteRouter(support: { phone: string; email: string }, timeZone: string): Router {
  const router = Router();
  router.get('/public', (_req, res) => {
    reply(res, siteRoutes.publicConfig, {
      supportPhone: support.phone,
      supportEmail: support.email,
      timeZone,
    });
  });
  return router;
}
