import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';

export const SESSION_COOKIE_NAME = 'plumbline.sid';

export interface SessionOptions {
  pool: pg.Pool;
  secret: string;
  maxAgeMs: number;
  /** 'auto': Secure whenever the request arrived over HTTPS (directly or via a trusted proxy). */
  secureCookie: boolean | 'auto';
}

/**
 * Cookie sessions stored in PostgreSQL. `disableTouch` + `resave: false` mean a request that does
 * not change the session writes nothing to the database; the session lives `maxAgeMs` from login.
 */
export function createSessionMiddleware(options: SessionOptions): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    store: new PgStore({
      pool: options.pool,
      tableName: 'session',
      createTableIfMissing: false,
      disableTouch: true,
      pruneSessionInterval: 15 * 60,
    }),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: options.maxAgeMs,
    },
  });
}
