import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import { withFreshReads } from '../db/notice-cache';
import type { SessionLookup, StoredSession } from '../modules/auth';

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
  /**
   * Reads a session by id, with who its login opens in the same round trip (the auth service's
   * `readSession`); connect-pg-simple still writes and deletes the rows (and never touches them).
   */
  readSession(sid: string): Promise<StoredSession | undefined>;
  /** Forgets any copy `readSession` keeps of the session: called before and after each write or delete of it. */
  forgetSession(sid: string): void;
}

export interface Sessions {
  middleware: RequestHandler;
  /** Whether the request carries a cookie of the name its session would travel in (valid or not). */
  carriesCookie(req: Request): boolean;
  /** Tells the browser to drop the cookie this request's session travels in. */
  clearCookie(req: Request, res: Response): void;
}

/**
 * Who each credential object the store has just read opens, until Passport takes it: the store
 * reads it with the session (one round trip), Passport's deserializeUser is handed that same object
 * (express-session copies the stored data shallowly). Taken once, so a later deserialize of the
 * same object asks the database again rather than trust an old answer.
 */
const lookupsRead = new WeakMap<object, SessionLookup>();

/** Who `credential` opens, if the session store read it with its session just now; forgets it. */
export function takeSessionLookup(credential: unknown): SessionLookup | undefined {
  if (typeof credential !== 'object' || credential === null) return undefined;
  const lookup = lookupsRead.get(credential);
  lookupsRead.delete(credential);
  return lookup;
}

/**
 * Cookie sessions stored in PostgreSQL. `disableTouch` + `resave: false` mean a request that does
 * not change the session writes nothing to the database; the session lives `maxAgeMs` from login.
 */
export function createSessions(options: SessionOptions): Sessions {
  const PgStore = connectPgSimple(session);
  /** connect-pg-simple's store, reading a session and its user in one query (docs/decisions/039-session-and-user-in-one-read.md). */
  class SessionStore extends PgStore {
    constructor(pruneExpired: boolean) {
      super({
        pool: options.pool,
        tableName: 'session',
        createTableIfMissing: false,
        disableTouch: true,
        pruneSessionInterval: pruneExpired ? 15 * 60 : false,
      });
      // A store with `touch` is asked on every request that read a session and did not save it
      // whether to touch it — another hash of the session, a few µs — for a touch that, disabled,
      // does nothing. Without it express-session skips the question. The disabled touch's only work,
      // starting the pruning timer, is done here, once (its first prune runs an interval later).
      if (pruneExpired) super.touch('', {} as session.SessionData, () => {});
      Object.defineProperty(this, 'touch', { value: undefined });
    }

    // Only the read is replaced.
    override get(sid: string, callback: (error: unknown, data?: session.SessionData | null) => void) {
      options.readSession(sid).then((stored) => {
        if (!stored) return callback(null, null);
        if (stored.login) lookupsRead.set(stored.login.credential, stored.login.lookup);
        callback(null, stored.data as session.SessionData);
      }, callback);
    }

    // Before, so no read of this process keeps the old row while the write is under way; after, so
    // its next read sees the write without waiting for the change's notice (the cache, ADR 042).
    override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void) {
      options.forgetSession(sid);
      super.set(sid, data, (error?: unknown) => {
        options.forgetSession(sid);
        callback?.(error);
      });
    }

    override destroy(sid: string, callback?: (error?: unknown) => void) {
      options.forgetSession(sid);
      super.destroy(sid, (error?: unknown) => {
        options.forgetSession(sid);
        callback?.(error);
      });
    }
  }
  // One store per cookie: express-session writes its cookie settings into the store it is given
  // (store.generate), so two middlewares sharing a store would mint each other's cookies.
  const storeFor = (pruneExpired: boolean) => new SessionStore(pruneExpired);
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

/** `Cache-Control: no-cache` on the request: its reader wants nothing a process kept. */
const asksForFreshData = (req: Request) => /\bno-cache\b/i.test(req.headers['cache-control'] ?? '');

/**
 * The session and what reads it (`readers`: passport, the lifetime check) run only for requests that
 * carry the session cookie, and for the routes in `openSessionAt`, which open or end one with or
 * without a cookie. Any other request goes on logged out, exactly as it would have, but costs no
 * session id, no store query and no Set-Cookie (docs/decisions/038-lean-request-path.md). A request
 * with the cookie that asks for fresh data reads its session, and all the request reads through a
 * notice cache, from the database.
 */
export function sessionsOnDemand(
  sessions: Pick<Sessions, 'middleware' | 'carriesCookie'>,
  readers: RequestHandler[],
  openSessionAt: string[],
): RequestHandler {
  const withSession = Router().use(sessions.middleware, ...readers);
  // Mounted on paths, so they match as the routes themselves do (any case, a trailing slash).
  const opening = Router().use(openSessionAt, withSession);
  // Express matches a mount path as a prefix of the raw path, in any case: a path that starts with
  // none of them cannot match, and skips that router (most requests, at no cost).
  const prefixes = openSessionAt.map((path) => path.toLowerCase());
  const mayOpen = (path: string) => {
    const lower = path.toLowerCase();
    return prefixes.some((prefix) => lower.startsWith(prefix));
  };
  return (req, res, next) => {
    if (sessions.carriesCookie(req)) {
      // A browser reading right after its own write asks for it (FRESH_READS_AFTER_WRITE_MS).
      if (asksForFreshData(req)) return withFreshReads(() => withSession(req, res, next));
      return withSession(req, res, next);
    }
    if (!mayOpen(req.path)) {
      asAnonymous(req);
      return next();
    }
    opening(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!req.session) asAnonymous(req);
      next();
    });
  };
}
