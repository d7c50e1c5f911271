import type { Request, RequestHandler } from 'express';
import type { UserRole } from '@shared/constants';
import { ACCOUNT_MESSAGES, isProfileComplete } from '@shared/contracts/account';
import type { CurrentUser } from '@shared/contracts/auth';
import { AppError } from '../lib/app-error';

/** The 401 of a request without a user; a session of a suspended account is told why it opens nothing. */
const notLoggedIn = (req: Request) =>
  new AppError(
    'UNAUTHENTICATED',
    req.sessionOfSuspendedAccount ? ACCOUNT_MESSAGES.sessionSuspended : 'Please log in to continue',
  );

/** The logged-in user, or a 401 — for handlers behind `requireUser`. */
export function currentUser(req: Request): CurrentUser {
  if (!req.user) throw notLoggedIn(req);
  return req.user;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : notLoggedIn(req));
};

/** 401 when logged out, 403 when logged in with another role. */
export function requireRole(...roles: UserRole[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(notLoggedIn(req));
    if (!roles.includes(req.user.role)) {
      return next(new AppError('FORBIDDEN', 'You do not have permission to do that'));
    }
    next();
  };
}

/**
 * 409 PROFILE_INCOMPLETE until the logged-in user has a full name and phone (the profile step,
 * docs/decisions/025-accounts.md); after `requireUser` or `requireRole`.
 */
export function requireCompleteProfile(message: string): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    next(isProfileComplete(user) ? undefined : new AppError('PROFILE_INCOMPLETE', message));
  };
}
