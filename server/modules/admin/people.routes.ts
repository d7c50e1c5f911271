import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createRateLimiter } from '../../lib/rate-limit';
import { createPeopleHandlers } from './people.handlers';
import type { PeopleService } from './people.service';

export interface PeopleRouterDeps extends ModuleDeps {
  people: PeopleService;
}

/**
 * Mounted at /api/admin/users: admins only. A role change asks for the admin's own password, so
 * its refusals are limited per admin like the account's password routes: a stolen admin session
 * cannot guess the password here either.
 */
export function createPeopleRouter({ people, config, rateLimitStore }: PeopleRouterDeps): Router {
  const handlers = createPeopleHandlers(people);
  const adminOnly = requireRole('admin');
  const roleChangeAttempts = createRateLimiter({
    ...config.loginAccountRateLimit,
    message: 'Too many attempts. Please wait a few minutes and try again.',
    store: rateLimitStore('admin-role-change:'),
    key: (req) => req.user?.id,
    countFailuresOnly: true,
  });
  const router = Router();
  router.get('/', adminOnly, handlers.search);
  router.post('/:userId/suspend', adminOnly, handlers.suspend);
  router.post('/:userId/reinstate', adminOnly, handlers.reinstate);
  router.post('/:userId/role', adminOnly, roleChangeAttempts, handlers.changeRole);
  return router;
}
