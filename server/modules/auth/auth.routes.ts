import { Router, type RequestHandler } from 'express';
import type { Authenticator } from '../../auth/passport';
import type { Sessions } from '../../auth/session';
import { requireUser } from '../../auth/guards';
import { createAuthHandlers } from './auth.handlers';
import type { AuthService } from './auth.service';

export interface AuthRouterOptions {
  /** Per client address. */
  loginLimiter: RequestHandler;
  /** Per account (the e-mail given), from any address. */
  loginAccountLimiter: RequestHandler;
  registerLimiter: RequestHandler;
  sessions: Pick<Sessions, 'clearCookie'>;
}

export function createAuthRouter(
  auth: AuthService,
  passport: Authenticator,
  options: AuthRouterOptions,
): Router {
  const handlers = createAuthHandlers(auth, passport, options.sessions);
  const router = Router();
  router.get('/user', requireUser, handlers.getUser);
  router.post('/login', options.loginLimiter, options.loginAccountLimiter, handlers.login);
  router.post('/register', options.registerLimiter, handlers.register);
  router.post('/logout', handlers.logout);
  return router;
}
