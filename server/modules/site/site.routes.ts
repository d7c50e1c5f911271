import { Router } from 'express';

/** Public, non-secret settings the client shows (footer contact details). */
export function createSiteRouter(support: { phone: string; email: string }): Router {
  const router = Router();
  router.get('/public', (_req, res) => {
    res.json({ supportPhone: support.phone, supportEmail: support.email });
  });
  return router;
}
