import { Router, type RequestHandler } from 'express';
import type { Authenticator } from '../../auth/passport';
import { requireUser } from '../../auth/guards';
import { createAuthHandlers } from './auth.handlers';
import type { AuthService } from './auth.service';

export interface AuthRouterOptions {
  loginLimiter: RequestHandler;
  registerLimiter: RequestHandler;
}

export function createAuthRouter(
  auth: AuthService,
  passport: Authenticator,
  options: AuthRouterOptions,
): Router {
  const handlers = createAuthHandlers(auth, passport);
  const router = Router();
  router.get('/user', requireUser, handlers.getUser);
  router.post('/login', options.loginLimiter, handlers.login);
  router.post('/register', options.registerLimiter, handlers.register);
  router.post('/logout', handlers.logout);
  return router;
}
