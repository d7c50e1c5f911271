import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Request, RequestHandler, Response } from 'express';
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
    clearCookie(req, res) {
      if (usesHostCookie(req)) res.clearCookie(HOST_SESSION_COOKIE_NAME, { path: '/', secure: true });
      else res.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
    },
  };
}
