import { Router, type Request } from 'express';
import { emailField } from '@shared/contracts/auth';
import type { Authenticator } from '../../auth/passport';
import type { Sessions } from '../../auth/session';
import { requireUser } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createRateLimiter } from '../../lib/rate-limit';
import { createAuthHandlers } from './auth.handlers';
import type { AuthService } from './auth.service';

export interface AuthRouterDeps extends ModuleDeps {
  auth: AuthService;
  passport: Authenticator;
  sessions: Pick<Sessions, 'clearCookie'>;
}

/**
 * The normalised e-mail of the body, the key of the per-account limits; none when it is not an e-mail.
 * Only a string reaches the schema: zod runs its length checks on any value with a `length`, and
 * `{"length": {"toString": ""}}` would throw there instead of failing (parseInput guards the same).
 */
const emailOfBody = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? emailField.safeParse(email).data : undefined;
};

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * LOGIN_ACCOUNT_RATE_LIMIT per logged-in account (its id), from any address; `counts` says which
 * requests count (all by default), the others pass uncounted.
 */
function perUser(
  { config, rateLimitStore }: ModuleDeps,
  prefix: string,
  {
    counts = () => true,
    countFailuresOnly,
  }: { counts?: (req: Request) => boolean; countFailuresOnly?: boolean } = {},
) {
  return createRateLimiter({
    ...config.loginAccountRateLimit,
    message: TOO_MANY_ATTEMPTS,
    store: rateLimitStore(prefix),
    key: (req) => (counts(req) ? req.user?.id : undefined),
    countFailuresOnly,
  });
}

/** Mounted at /api/auth. Every write a stranger can make is limited per client and, where it names an account, per account. */
export function createAuthRouter({
  auth,
  passport,
  sessions,
  config,
  rateLimitStore,
}: AuthRouterDeps): Router {
  const handlers = createAuthHandlers(auth, passport, sessions);
  /** AUTH_RATE_LIMIT attempts per client address per window, counted apart for each `prefix`. */
  const perAddress = (prefix: string) =>
    createRateLimiter({ ...config.authRateLimit, message: TOO_MANY_ATTEMPTS, store: rateLimitStore(prefix) });
  /**
   * LOGIN_ACCOUNT_RATE_LIMIT per account (the normalised e-mail given, known or not), from any
   * address. It counts before the account is looked up, so a known and an unknown e-mail are
   * throttled, and answered, alike.
   */
  const perAccount = (prefix: string, options: { countFailuresOnly?: boolean } = {}) =>
    createRateLimiter({
      ...config.loginAccountRateLimit,
      message: TOO_MANY_ATTEMPTS,
      store: rateLimitStore(prefix),
      key: emailOfBody,
      ...options,
    });

  const router = Router();
  router.get('/user', requireUser, handlers.getUser);
  router.post(
    '/login',
    perAddress('login:'),
    // Failed logins only: a user who logs in often is not slowed down.
    perAccount('login-account:', { countFailuresOnly: true }),
    handlers.login,
  );
  router.post('/register', perAddress('register:'), handlers.register);
  router.post('/logout', handlers.logout);
  // A token is 32 random bytes: the limit is against load, not guessing.
  router.post('/verify-email', perAddress('verify-email:'), handlers.verifyEmail);
  // Each resend mails the account: limited per account (its id), like the mails of a reset.
  router.post(
    '/verify-email/resend',
    requireUser,
    perUser({ config, rateLimitStore }, 'verify-email-resend:'),
    handlers.resendVerification,
  );
  router.post(
    '/password-reset',
    perAddress('password-reset:'),
    perAccount('password-reset-account:'),
    handlers.requestPasswordReset,
  );
  router.post(
    '/password-reset/confirm',
    perAddress('password-reset-confirm:'),
    handlers.confirmPasswordReset,
  );
  return router;
}

/**
 * Mounted at /api/account: the logged-in owner's own account (docs/decisions/025-accounts.md).
 * A wrong password is limited per account, so a stolen session cannot guess the password; every
 * e-mail change mails a link, so those are limited per account too.
 */
export function createAccountRouter({ auth, passport, sessions, ...deps }: AuthRouterDeps): Router {
  const handlers = createAuthHandlers(auth, passport, sessions);
  const changesEmail = (req: Request) => (req.body as { email?: unknown } | undefined)?.email !== undefined;
  const router = Router();
  router.get('/', requireUser, handlers.getAccount);
  router.patch(
    '/',
    requireUser,
    perUser(deps, 'account-email:', { counts: changesEmail }),
    handlers.updateAccount,
  );
  router.post(
    '/password',
    requireUser,
    perUser(deps, 'account-password:', { countFailuresOnly: true }),
    handlers.changePassword,
  );
  router.delete(
    '/',
    requireUser,
    perUser(deps, 'account-delete:', { countFailuresOnly: true }),
    handlers.deleteAccount,
  );
  return router;
}
