import express, { type Request } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { queriesDuring } from '../test/queries';
import { createTestContext, uniqueEmail, type TestContext } from '../test/test-context';
import { createSessions, SESSION_COOKIE_NAME, sessionsOnDemand } from './session';

const PASSWORD = 'copper-session-password';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Counts the queries on the session table (connect-pg-simple's, on the app's pool) while `run` runs. */
async function sessionQueriesDuring<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { result, texts } = await queriesDuring(ctx.database.pool, run);
  return { result, queries: texts.filter((text) => /"session"/.test(text)).length };
}

/** A cookie of the session's name that opens no session (its signature is wrong): the full session path. */
const UNKNOWN_SESSION = `${SESSION_COOKIE_NAME}=s%3Anot-a-session.bad-signature`;

const LOGGED_OUT_REQUESTS: { method: 'get' | 'post'; path: string; body?: object }[] = [
  { method: 'get', path: '/api/config/public' },
  { method: 'get', path: '/api/auth/user' },
  { method: 'get', path: '/api/account' },
  { method: 'get', path: '/api/jobs' },
  { method: 'get', path: '/api/events' },
  { method: 'get', path: '/api/no-such-route' },
  { method: 'post', path: '/api/auth/password-reset', body: { email: 'nobody@example.test' } },
  { method: 'post', path: '/api/auth/verify-email', body: { token: 'not-a-token' } },
  { method: 'post', path: '/api/auth/password-reset/confirm', body: { token: 'x', password: PASSWORD } },
];

describe('requests without a session cookie (docs/decisions/038-lean-request-path.md)', () => {
  it.each(LOGGED_OUT_REQUESTS)(
    '$method $path: no session-store query, no cookie, the logged-out answer',
    async ({ method, path, body }) => {
      const send = (cookie?: string) => {
        const request = ctx.request[method](path);
        if (cookie) request.set('Cookie', cookie);
        return body ? request.send(body) : request;
      };
      const { result: lean, queries } = await sessionQueriesDuring(() => send());
      expect(queries).toBe(0);
      expect(lean.headers['set-cookie']).toBeUndefined();
      // The same request through express-session and passport (a cookie that opens nothing) answers alike.
      const full = await send(UNKNOWN_SESSION);
      expect(full.headers['set-cookie']).toBeUndefined();
      expect({ status: lean.status, body: lean.body }).toEqual({ status: full.status, body: full.body });
    },
  );

  it('registers, logs in and logs out without a cookie, then reads with the session', async () => {
    const email = uniqueEmail('lean');
    const registered = await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(String(registered.headers['set-cookie'])).toContain(`${SESSION_COOKIE_NAME}=`);

    const login = await ctx.request.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME.replace('.', '\\.')}=`));

    // With the cookie the session is read from the store: the count above would see a regression.
    const { result: user, queries } = await sessionQueriesDuring(() =>
      ctx.request.get('/api/auth/user').set('Cookie', cookie),
    );
    expect(user.status).toBe(200);
    expect(user.body.email).toBe(email.toLowerCase());
    expect(queries).toBeGreaterThan(0);

    // Logging out without a cookie answers as it always has.
    const logout = await ctx.request.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
  });
});

describe('a request with a session (docs/decisions/039-session-and-user-in-one-read.md)', () => {
  it('reads the session and its user in one round trip, and sees changes made elsewhere at once', async () => {
    const email = uniqueEmail('one-read');
    expect((await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(
      201,
    );
    const logIn = async () => {
      const login = await ctx.request.post('/api/auth/login').send({ email, password: PASSWORD });
      expect(login.status).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      return () => ctx.request.get('/api/auth/user').set('Cookie', cookie);
    };
    let readUser = await logIn();

    const { result: user, texts } = await queriesDuring(ctx.database.pool, readUser);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: email.toLowerCase(), role: 'homeowner' });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/"session"[\s\S]*join users/);

    // Written straight to the table, as another instance on the same database would: nothing in
    // this process hears of it, and the next request sees it all the same.
    const change = (set: string) =>
      ctx.database.pool.query(`update users set ${set} where email = $1`, [email.toLowerCase()]);
    await change(`role = 'plumber'`);
    expect((await readUser()).body).toMatchObject({ role: 'plumber' });

    await change('suspended_at = now()');
    const suspended = await readUser();
    expect(suspended.status).toBe(401);
    expect(suspended.body.error).toBe(ACCOUNT_MESSAGES.sessionSuspended);

    // Refused once, the session stays logged out (Passport drops its login): a new login, then a new password.
    await change('suspended_at = null');
    expect((await readUser()).status).toBe(401);
    readUser = await logIn();
    expect((await readUser()).status).toBe(200);
    await change(`password_hash = 'changed elsewhere'`);
    const ended = await readUser();
    expect(ended.status).toBe(401);
    expect(ended.body.error).toBe('Please log in to continue');
  });
});

describe('sessionsOnDemand', () => {
  function probeApp() {
    const sessions = createSessions({
      pool: ctx.database.pool,
      secret: 'probe-secret-'.padEnd(40, 'z'),
      maxAgeMs: 60_000,
      hostCookieOverHttps: false,
      // The probe has no accounts: the stored data alone, as connect-pg-simple would read it.
      readSession: async (sid) => {
        const { rows } = await ctx.database.pool.query<{ sess: unknown }>(
          'select sess from "session" where sid = $1 and expire >= now()',
          [sid],
        );
        return rows[0] && { data: rows[0].sess };
      },
      forgetSession: () => undefined,
    });
    const app = express();
    const readerRan = vi.fn();
    app.use(
      sessionsOnDemand(
        sessions,
        [
          (_req, _res, next) => {
            readerRan();
            next();
          },
        ],
        ['/auth/login'],
      ),
    );
    // The probe's readers are not passport: with a session, passport's helpers are not there.
    const probe = (req: Request) => ({
      session: req.session !== undefined,
      authenticated: typeof req.isAuthenticated === 'function' ? req.isAuthenticated() : null,
      unauthenticated: typeof req.isUnauthenticated === 'function' ? req.isUnauthenticated() : null,
      user: req.user ?? null,
    });
    app.all('/{*rest}', (req, res, next) => {
      if (req.query.login === undefined) return void res.json(probe(req));
      req.login({ id: 'u1' } as Express.User, (error: unknown) =>
        error ? next(error) : res.json(probe(req)),
      );
    });
    app.use((error: Error, _req: Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ error: error.message });
    });
    return { request: supertest(app), readerRan };
  }

  it('skips the session and its readers without the cookie, leaving passport’s helpers logged out', async () => {
    const { request, readerRan } = probeApp();
    const res = await request.get('/services');
    expect(res.body).toEqual({ session: false, authenticated: false, unauthenticated: true, user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(readerRan).not.toHaveBeenCalled();
  });

  it('runs them when the cookie is there, whatever its value, and on the listed routes', async () => {
    const { request, readerRan } = probeApp();
    expect((await request.get('/services').set('Cookie', `a=1; ${UNKNOWN_SESSION}`)).body.session).toBe(true);
    expect((await request.post('/auth/login')).body.session).toBe(true);
    // Matched as Express matches the route itself: any case, a trailing slash.
    expect((await request.post('/Auth/Login/')).body.session).toBe(true);
    expect(readerRan).toHaveBeenCalledTimes(3);
    // Another cookie alone (or one whose name merely contains the session's) is no session cookie.
    expect(
      (await request.get('/x').set('Cookie', `x${SESSION_COOKIE_NAME}=1; theme=dark`)).body.session,
    ).toBe(false);
  });

  it('refuses to log in where no session was opened, instead of a login that lasts one answer', async () => {
    const { request } = probeApp();
    const res = await request.post('/jobs?login');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/opens no session/);
  });
});

describe('expired sessions', () => {
  it('are pruned from the table about every 15 minutes from start-up, whether or not a session was read', async () => {
    const expiredSid = `expired-${uniqueEmail('prune')}`;
    await ctx.database.pool.query(
      `insert into "session" (sid, sess, expire) values ($1, '{"cookie":{}}', now() - interval '1 minute')`,
      [expiredSid],
    );
    const stored = async () =>
      (await ctx.database.pool.query('select 1 from "session" where sid = $1', [expiredSid])).rowCount;
    const minutes = (count: number) => count * 60 * 1000;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      createSessions({
        pool: ctx.database.pool,
        secret: 'prune-secret-'.padEnd(40, 'z'),
        maxAgeMs: 60_000,
        hostCookieOverHttps: false,
        readSession: async () => undefined,
        forgetSession: () => undefined,
      });
      // connect-pg-simple spreads each instance's first prune over 50–150% of the interval.
      vi.advanceTimersByTime(minutes(7));
      expect(await stored()).toBe(1);
      // No request has read a session: the timer started with the store.
      vi.advanceTimersByTime(minutes(23 - 7));
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await stored()).toBe(0));
  });
});

describe('with the session cache (docs/decisions/042-session-cache.md)', () => {
  /** A minute: any change seen sooner came from a notice, not from the time running out. */
  const CACHE_TTL_MS = 60_000;
  /** How long a committed change may take to reach the cache (a notice on the listener's connection). */
  const NOTICE_BOUND = { timeout: 2_000, interval: 20 };
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestContext({ env: { SESSION_CACHE_TTL_MS: String(CACHE_TTL_MS) } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  async function sessionQueries(run: () => Promise<unknown>): Promise<number> {
    const { texts } = await queriesDuring(cached.database.pool, run);
    return texts.filter((text) => /"session"/.test(text)).length;
  }

  /** Until `readUser` is answered from memory: the notice of the login's own write may still come in. */
  const keptHere = (readUser: () => Promise<unknown>) =>
    vi.waitFor(async () => expect(await sessionQueries(readUser)).toBe(0), NOTICE_BOUND);

  async function loggedIn(email: string) {
    await cached.request.post('/api/auth/register').send({ email, password: PASSWORD }).expect(201);
    const login = await cached.request.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    return {
      cookie,
      readUser: () => cached.request.get('/api/auth/user').set('Cookie', cookie),
      change: (set: string) =>
        cached.database.pool.query(`update users set ${set} where email = $1`, [email.toLowerCase()]),
    };
  }

  it('reads a session once, then from memory; changes written to the table elsewhere still apply', async () => {
    const { readUser, change } = await loggedIn(uniqueEmail('cached'));
    expect(await sessionQueries(readUser)).toBe(1);
    await keptHere(readUser);

    await change(`role = 'plumber'`);
    await vi.waitFor(
      async () => expect((await readUser()).body).toMatchObject({ role: 'plumber' }),
      NOTICE_BOUND,
    );

    await change('suspended_at = now()');
    await vi.waitFor(async () => {
      const suspended = await readUser();
      expect(suspended.status).toBe(401);
      expect(suspended.body.error).toBe(ACCOUNT_MESSAGES.sessionSuspended);
    }, NOTICE_BOUND);
  });

  it('a request that asks for fresh data reads its session and account again, notice or not', async () => {
    const { readUser, change } = await loggedIn(uniqueEmail('cached-fresh'));
    expect((await readUser()).status).toBe(200);
    await cached.database.pool.query('alter table users disable trigger users_announce_change');
    try {
      await change(`name = 'Changed Elsewhere'`);
      expect((await readUser()).body.name).toBeNull();
      expect(await sessionQueries(() => readUser().set('Cache-Control', 'no-cache'))).toBe(1);
      expect((await readUser()).body.name).toBe('Changed Elsewhere');
    } finally {
      await cached.database.pool.query('alter table users enable trigger users_announce_change');
    }
  });

  it('a new password elsewhere ends the session', async () => {
    const { readUser, change } = await loggedIn(uniqueEmail('cached-key'));
    expect((await readUser()).status).toBe(200);
    await keptHere(readUser);
    await change(`password_hash = 'changed elsewhere'`);
    await vi.waitFor(async () => expect((await readUser()).status).toBe(401), NOTICE_BOUND);
  });

  it('a logout here refuses the old cookie on the next request; a row deleted elsewhere ends its session', async () => {
    const here = await loggedIn(uniqueEmail('cached-logout'));
    expect((await here.readUser()).status).toBe(200);
    await keptHere(here.readUser);
    await cached.request.post('/api/auth/logout').set('Cookie', here.cookie).expect(200);
    expect((await here.readUser()).status).toBe(401);

    const elsewhere = await loggedIn(uniqueEmail('cached-deleted'));
    expect((await elsewhere.readUser()).status).toBe(200);
    await keptHere(elsewhere.readUser);
    const sid = decodeURIComponent(elsewhere.cookie.split('=')[1]!).slice('s:'.length).split('.')[0]!;
    const { rowCount } = await cached.database.pool.query('delete from "session" where sid = $1', [sid]);
    expect(rowCount).toBe(1);
    await vi.waitFor(async () => expect((await elsewhere.readUser()).status).toBe(401), NOTICE_BOUND);
  });
});
