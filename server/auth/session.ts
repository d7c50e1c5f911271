import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type pg from 'pg';

export const SESSION_COOKIE_NAME = 'plumbline.sid';
/**
 * The cookie's name over HTTPS in production. Browsers accept a `__Host-` cookie only when it is
 * Secure, has Path=/ and no Domain, so no subdomain or plain-http page can plant or overwrite it.
 */
export const HOST_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;

export interface SessionOptions {
  pool: pg.Pool;
  secret: string;
  maxAgeMs: number;
  /**
   * Production: requests that arrived over HTTPS (directly or through a trusted proxy) get the Secure
   * `__Host-` cookie; plain http (a local `npm start`) keeps the plain one so logging in still works.
   */
  hostCookieOverHttps: boolean;
}

export interface Sessions {
  middleware: RequestHandler;
  /** Whether the request carries a cookie of the name its session would travel in (valid or not). */
  carriesCookie(req: Request): boolean;
  /** Tells the browser to drop the cookie this request's session travels in. */
  clearCookie(req: Request, res: Response): void;
}

/**
 * Cookie sessions stored in PostgreSQL. `disableTouch` + `resave: false` mean a request that does
 * not change the session writes nothing to the database; the session lives `maxAgeMs` from login.
 */
export function createSessions(options: SessionOptions): Sessions {
  const PgStore = connectPgSimple(session);
  // One store per cookie: express-session writes its cookie settings into the store it is given
  // (store.generate), so two middlewares sharing a store would mint each other's cookies.
  const storeFor = (pruneExpired: boolean) =>
    new PgStore({
      pool: options.pool,
      tableName: 'session',
      createTableIfMissing: false,
      disableTouch: true,
      pruneSessionInterval: pruneExpired ? 15 * 60 : false,
    });
  const withCookie = (name: string, secure: boolean, store: session.Store) =>
    session({
      name,
      secret: options.secret,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      store,
      cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: options.maxAgeMs },
    });
  const plain = withCookie(SESSION_COOKIE_NAME, false, storeFor(true));
  const hostOnly = withCookie(HOST_SESSION_COOKIE_NAME, true, storeFor(false));
  const usesHostCookie = (req: Request) => options.hostCookieOverHttps && req.secure;

  return {
    middleware: (req, res, next) => (usesHostCookie(req) ? hostOnly : plain)(req, res, next),
    carriesCookie: (req) =>
      hasCookie(req.headers.cookie, usesHostCookie(req) ? HOST_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME),
    clearCookie(req, res) {
      if (usesHostCookie(req)) res.clearCookie(HOST_SESSION_COOKIE_NAME, { path: '/', secure: true });
      else res.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
    },
  };
}

/** Whether a Cookie header names `name`, as express-session's parser reads it (names are trimmed). */
function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((pair) => {
    const equals = pair.indexOf('=');
    return equals > 0 && pair.slice(0, equals).trim() === name;
  });
}

type Done = (error?: unknown) => void;
const callbackOf = (options: unknown, done?: Done) =>
  typeof options === 'function' ? (options as Done) : done;

/**
 * passport's request helpers, for a request that skipped the session: it is logged out, and logging
 * in needs a session, so a route that logs in without being listed in `openSessionAt` fails loudly
 * instead of "logging in" for this one answer.
 */
const anonymousHelpers = {
  isAuthenticated(this: Request) {
    return Boolean(this.user);
  },
  isUnauthenticated(this: Request) {
    return !this.user;
  },
  login(this: Request, _user: unknown, options: unknown, done?: Done) {
    callbackOf(
      options,
      done,
    )?.(new Error(`${this.method} ${this.originalUrl} logs in but opens no session (openSessionAt)`));
  },
  logout(this: Request, options: unknown, done?: Done) {
    this.user = undefined;
    callbackOf(options, done)?.();
  },
};

function asAnonymous(req: Request): void {
  req.isAuthenticated = anonymousHelpers.isAuthenticated as Request['isAuthenticated'];
  req.isUnauthenticated = anonymousHelpers.isUnauthenticated as Request['isUnauthenticated'];
  req.login = req.logIn = anonymousHelpers.login as Request['login'];
  req.logout = req.logOut = anonymousHelpers.logout as Request['logout'];
}

/**
 * The session and what reads it (`readers`: passport, the lifetime check) run only for requests that
 * carry the session cookie, and for the routes in `openSessionAt`, which open or end one with or
 * without a cookie. Any other request goes on logged out, exactly as it would have, but costs no
 * session id, no store query and no Set-Cookie (docs/decisions/038-lean-request-path.md).
 */
export function sessionsOnDemand(
  sessions: Pick<Sessions, 'middleware' | 'carriesCookie'>,
  readers: RequestHandler[],
  openSessionAt: string[],
): Router {
  const withSession = Router().use(sessions.middleware, ...readers);
  // Mounted on paths, so they match as the routes themselves do (any case, a trailing slash).
  const router = Router().use(openSessionAt, withSession);
  router.use((req, res, next) => {
    if (req.session) return next();
    if (sessions.carriesCookie(req)) return withSession(req, res, next);
    asAnonymous(req);
    next();
  });
  return router;
}
