import type { RequestHandler } from 'express';

declare module 'express-session' {
  interface SessionData {
    /** When the user logged in (ms since epoch): the absolute lifetime counts from here. */
    startedAt?: number;
    /** Last activity, written at most once per `touchEveryMs`, so reads stay write-free. */
    seenAt?: number;
  }
}

export interface SessionLifetimeOptions {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

/**
 * Ends a logged-in session after `idleTimeoutMs` without activity or `absoluteTimeoutMs` after login.
 * Activity is recorded with a coarse granularity (a tenth of the idle timeout, at most 5 minutes),
 * so most requests still cause no session write (docs/decisions/002).
 */
export function enforceSessionLifetime(options: SessionLifetimeOptions): RequestHandler {
  const touchEveryMs = Math.min(options.idleTimeoutMs / 10, 5 * 60 * 1000);
  return (req, _res, next) => {
    if (!req.user || !req.session) return next();
    const now = Date.now();
    const { startedAt, seenAt } = req.session;
    if (startedAt === undefined || seenAt === undefined) {
      req.session.startedAt = startedAt ?? now;
      req.session.seenAt = now;
      return next();
    }
    if (now - seenAt > options.idleTimeoutMs || now - startedAt > options.absoluteTimeoutMs) {
      // Expired: the request continues as anonymous in a new, empty session (saved only if something
      // is put in it, e.g. by a login); regenerate removes the old row. Destroying it instead would
      // leave the request without a session, and login, register and logout need one.
      req.user = undefined;
      return req.session.regenerate((error) => next(error));
    }
    if (now - seenAt > touchEveryMs) req.session.seenAt = now;
    next();
  };
}

/** Call right after `req.login`: the session's clocks start with the login's own save, not a later write. */
export function startSessionClock(req: Parameters<RequestHandler>[0]): void {
  const now = Date.now();
  req.session.startedAt = now;
  req.session.seenAt = now;
}
