import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from '../../auth/session';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';

const PASSWORD = 'correct-horse-battery';

function cookieNamed(setCookie: string[] | string | undefined, name: string): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

describe(`an expired session (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /**
   * A browser whose session expired while it was away: its last activity is moved back past the
   * idle timeout in the stored row (no waiting, so a slow machine cannot change the outcome).
   */
  async function expiredBrowser() {
    const agent = ctx.agent();
    const email = uniqueEmail('expired');
    const registered = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    const longAgo = Date.now() - ctx.config.sessionIdleTimeoutMs - 60_000;
    const moved = await ctx.database.pool.query(
      `update session set sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb($2::bigint))::json
       where sess::jsonb #>> '{passport,user,id}' = $1`,
      [registered.body.id, longAgo],
    );
    expect(moved.rowCount).toBe(1);
    return { agent, email };
  }

  it('answers GET /api/auth/user with 401, not 500', async () => {
    const { agent } = await expiredBrowser();
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('logs out cleanly', async () => {
    const { agent } = await expiredBrowser();
    const res = await agent.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('logs in again, with a new session that works', async () => {
    const { agent, email } = await expiredBrowser();
    const res = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email });
  });

  it('registers a new account', async () => {
    const { agent } = await expiredBrowser();
    const email = uniqueEmail('after-expiry');
    const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email });
  });

  it('treats every other request as anonymous', async () => {
    const { agent } = await expiredBrowser();
    expect((await agent.get('/api/jobs')).status).toBe(401);
    const { agent: second } = await expiredBrowser();
    expect(
      (await second.put('/api/plumbers/me/location').send({ zip: '78701', serviceRadiusKm: 10 })).status,
    ).toBe(401);
    const { agent: third } = await expiredBrowser();
    expect((await third.get('/api/config/public')).status).toBe(200);
  });
});

describe(`per-account login throttle (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let address = 0;
  // Each attempt from another address (one trusted proxy hop), as from a botnet: the per-address limit never trips.
  const fromNewAddress = () => `198.51.100.${(address += 1) % 250}`;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT: '1000',
        LOGIN_ACCOUNT_RATE_LIMIT: '3',
        AUTH_RATE_WINDOW_MS: '60000',
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string) =>
    ctx.request.post('/api/auth/login').set('X-Forwarded-For', fromNewAddress()).send({ email, password });

  async function register() {
    const email = uniqueEmail('throttled');
    expect((await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(
      201,
    );
    return email;
  }

  it('refuses an account after repeated failures from many addresses, even with the right password', async () => {
    const email = await register();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    const limited = await login(email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
    // However the e-mail is written.
    expect((await login(`  ${email.toUpperCase()} `, PASSWORD)).status).toBe(429);
  });

  it('answers an e-mail that is not a string with a 400 on every throttled route, never a 500', async () => {
    // An object whose `length` cannot become a number: zod's length checks threw on it.
    const hostile = { email: { length: { toString: '' } }, password: PASSWORD };
    for (const path of ['/api/auth/login', '/api/auth/password-reset']) {
      const res = await ctx.request.post(path).set('X-Forwarded-For', fromNewAddress()).send(hostile);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('VALIDATION_ERROR');
    }
  });

  it('answers an unknown account exactly as a known one', async () => {
    const known = await register();
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await login(known, 'wrong-password'), await login(unknown, 'wrong-password')];
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(a.body).toEqual(b.body);
    }
    const [a, b] = [await login(known, 'wrong-password'), await login(unknown, 'wrong-password')];
    expect([a.status, b.status]).toEqual([429, 429]);
    expect(a.body).toEqual(b.body);
  });

  it('does not count successful logins, nor touch other accounts', async () => {
    const email = await register();
    for (let i = 0; i < 5; i++) expect((await login(email, PASSWORD)).status).toBe(200);
    const victim = await register();
    for (let i = 0; i < 4; i++) await login(victim, 'wrong-password');
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('the session cookie in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'production', BCRYPT_COST: '12', TRUST_PROXY: '1' } });
  });
  afterAll(() => ctx.close());

  it('is a Secure __Host- cookie over HTTPS, which then carries the session and is cleared on logout', async () => {
    const email = uniqueEmail('host-cookie');
    const registered = await ctx.request
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    const cookie = cookieNamed(registered.headers['set-cookie'], HOST_SESSION_COOKIE_NAME);
    expect(cookie).toMatch(/; Path=\/; /);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookieNamed(registered.headers['set-cookie'], SESSION_COOKIE_NAME)).toBeUndefined();

    const value = cookie!.split(';')[0];
    const me = await ctx.request.get('/api/auth/user').set('X-Forwarded-Proto', 'https').set('Cookie', value);
    expect(me.status).toBe(200);
    const loggedOut = await ctx.request
      .post('/api/auth/logout')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', value);
    expect(loggedOut.status).toBe(200);
    expect(cookieNamed(loggedOut.headers['set-cookie'], HOST_SESSION_COOKIE_NAME)).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
  });

  it('keeps the plain cookie on plain http, where a __Host- cookie would be refused', async () => {
    const res = await ctx.request
      .post('/api/auth/register')
      .send({ email: uniqueEmail('plain'), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(cookieNamed(res.headers['set-cookie'], SESSION_COOKIE_NAME)).not.toMatch(/Secure/);
    expect(cookieNamed(res.headers['set-cookie'], HOST_SESSION_COOKIE_NAME)).toBeUndefined();
  });
});
