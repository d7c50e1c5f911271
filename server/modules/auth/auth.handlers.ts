import type { RequestHandler } from 'express';
import type { Authenticator } from '../../auth/passport';
import { authRoutes } from '@shared/contracts/auth';
import { currentUser } from '../../auth/guards';
import type { Sessions } from '../../auth/session';
import { startSessionClock } from '../../auth/session-lifetime';
import { AppError } from '../../lib/app-error';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import { INVALID_CREDENTIALS_MESSAGE, type AuthService } from './auth.service';

export function createAuthHandlers(
  auth: AuthService,
  passport: Authenticator,
  sessions: Pick<Sessions, 'clearCookie'>,
) {
  const getUser: RequestHandler = (req, res) => {
    reply(res, authRoutes.getUser, currentUser(req));
  };

  const login: RequestHandler = (req, res, next) => {
    req.body = parseInput(authRoutes.login.body, req.body);
    passport.authenticate('local', { session: false }, (error: unknown, user: Express.User | false) => {
      if (error) return next(error);
      if (!user) return next(new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE));
      // req.login regenerates the session first (passport ≥ 0.6): no session fixation.
      req.login(user, (loginError) => {
        if (loginError) return next(loginError);
        startSessionClock(req);
        reply(res, authRoutes.login, user);
      });
    })(req, res, next);
  };

  const register: RequestHandler = async (req, res, next) => {
    const user = await auth.register(parseInput(authRoutes.register.body, req.body));
    req.login(user, (error) => {
      if (error) return next(error);
      startSessionClock(req);
      reply(res, authRoutes.register, user);
    });
  };

  const logout: RequestHandler = (req, res, next) => {
    req.logout((logoutError) => {
      if (logoutError) return next(logoutError);
      // Remove the session row itself, not just the user in it.
      req.session.destroy((destroyError) => {
        if (destroyError) return next(destroyError);
        sessions.clearCookie(req, res);
        reply(res, authRoutes.logout, { ok: true });
      });
    });
  };

  return { getUser, login, register, logout };
}
