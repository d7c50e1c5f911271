import type { Request, RequestHandler, Response } from 'express';
import type { Authenticator } from '../../auth/passport';
import { accountRoutes } from '@shared/contracts/account';
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

  /** Logs this browser out: the session row itself goes, not just the user in it. */
  const endSession = (req: Request, res: Response, done: (error?: unknown) => void) => {
    req.logout((logoutError) => {
      if (logoutError) return done(logoutError);
      req.session.destroy((destroyError) => {
        if (destroyError) return done(destroyError);
        sessions.clearCookie(req, res);
        done();
      });
    });
  };

  const logout: RequestHandler = (req, res, next) => {
    endSession(req, res, (error) => (error ? next(error) : reply(res, authRoutes.logout, { ok: true })));
  };

  const verifyEmail: RequestHandler = async (req, res) => {
    const { token } = parseInput(authRoutes.verifyEmail.body, req.body);
    reply(res, authRoutes.verifyEmail, await auth.verifyEmail(token));
  };

  const resendVerification: RequestHandler = async (req, res) => {
    await auth.resendVerification(currentUser(req).id);
    reply(res, authRoutes.resendVerification, { ok: true });
  };

  const requestPasswordReset: RequestHandler = async (req, res) => {
    const { email } = parseInput(authRoutes.requestPasswordReset.body, req.body);
    // Before the answer the request is only queued, the same work for every address; the lookup and
    // the mail are a worker's (see the service). A failure to queue is a database error like any other.
    await auth.requestPasswordReset(email);
    reply(res, authRoutes.requestPasswordReset, { ok: true });
  };

  const confirmPasswordReset: RequestHandler = async (req, res, next) => {
    const { token, password } = parseInput(authRoutes.confirmPasswordReset.body, req.body);
    const { userId } = await auth.confirmPasswordReset(token, password);
    const answer = () => reply(res, authRoutes.confirmPasswordReset, { ok: true });
    // The account's session rows are gone; this browser's, if it is one of them, must not be saved again.
    if (req.user?.id !== userId) return answer();
    endSession(req, res, (error) => (error ? next(error) : answer()));
  };

  const getAccount: RequestHandler = async (req, res) => {
    reply(res, accountRoutes.getAccount, await auth.getAccount(currentUser(req).id));
  };

  const updateAccount: RequestHandler = async (req, res) => {
    const changes = parseInput(accountRoutes.updateAccount.body, req.body);
    reply(res, accountRoutes.updateAccount, await auth.updateAccount(currentUser(req).id, changes));
  };

  /**
   * This browser stays logged in under a new session id that carries the new password's key (its
   * clock keeps running); the account's other sessions end.
   */
  const changePassword: RequestHandler = async (req, res, next) => {
    const passwords = parseInput(accountRoutes.changePassword.body, req.body);
    const user = currentUser(req);
    await auth.changePassword(user.id, req.sessionID, passwords);
    req.login(user, { session: true, keepSessionInfo: true }, (error) =>
      error ? next(error) : reply(res, accountRoutes.changePassword, { ok: true }),
    );
  };

  const deleteAccount: RequestHandler = async (req, res, next) => {
    const { password } = parseInput(accountRoutes.deleteAccount.body, req.body);
    await auth.deleteAccount(currentUser(req).id, password);
    // The account's session rows are gone; this browser's must not be saved again.
    endSession(req, res, (error) =>
      error ? next(error) : reply(res, accountRoutes.deleteAccount, { ok: true }),
    );
  };

  return {
    getUser,
    login,
    register,
    logout,
    verifyEmail,
    resendVerification,
    requestPasswordReset,
    confirmPasswordReset,
    getAccount,
    updateAccount,
    changePassword,
    deleteAccount,
  };
}
