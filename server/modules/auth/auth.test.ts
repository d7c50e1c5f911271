import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plumbers, session, users } from '@shared/schema';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import supertest from 'supertest';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { PASSWORD_CHECKS_BUSY_MESSAGE } from './auth.service';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';

const PASSWORD = 'correct-horse-battery';

function sessionCookie(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((c) => c.startsWith('plumbline.sid='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie;
}

describe(`auth API (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('POST /api/auth/register', () => {
    it('creates a homeowner by default, logs them in and never returns the hash', async () => {
      const agent = ctx.agent();
      const email = uniqueEmail('home');
      const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email, role: 'homeowner' });
      expect(res.body).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(res.body)).not.toContain('$2b$');

      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email, role: 'homeowner' });
    });

    it('creates a plumber with a pending plumbers row and a 25 km radius', async () => {
      const email = uniqueEmail('plumb');
      const res = await ctx.request
        .post('/api/auth/register')
        .send({ email, password: PASSWORD, role: 'plumber' });
      expect(res.status).toBe(201);
      expect(res.body.role).toBe('plumber');
      const [row] = await ctx.database.db.select().from(plumbers).where(eq(plumbers.userId, res.body.id));
      expect(row).toMatchObject({ verificationStatus: 'pending', status: 'available' });
      expect(Number(row.serviceRadiusKm)).toBe(25);
    });

    it('refuses the admin role with 400 and creates nothing', async () => {
      const email = uniqueEmail('sneaky');
      const res = await ctx.request
        .post('/api/auth/register')
        .send({ email, password: PASSWORD, role: 'admin' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: AUTH_MESSAGES.roleInvalid });
      const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(0);
    });

    it('answers 409 for an e-mail that exists, whatever its case', async () => {
      const email = uniqueEmail('dup');
      expect((await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(
        201,
      );
      const res = await ctx.request
        .post('/api/auth/register')
        .send({ email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'An account with this email already exists. Log in instead.',
        code: 'EMAIL_TAKEN',
      });
    });

    it.each([
      ['a bad e-mail', { email: 'not-an-email', password: PASSWORD }, AUTH_MESSAGES.emailInvalid],
      ['no e-mail', { password: PASSWORD }, AUTH_MESSAGES.emailRequired],
      ['a 7-character password', { email: 'x@example.test', password: '1234567' }, AUTH_MESSAGES.passwordMin],
      [
        'a 73-byte password',
        { email: 'y@example.test', password: 'a'.repeat(73) },
        AUTH_MESSAGES.passwordMaxBytes,
      ],
      [
        'a 72-byte multi-byte password',
        { email: 'z@example.test', password: 'é'.repeat(37) },
        AUTH_MESSAGES.passwordMaxBytes,
      ],
    ])('refuses %s with 400 and the exact message', async (_label, body, message) => {
      const res = await ctx.request.post('/api/auth/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.error).toBe(message);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    });

    it('accepts a password of exactly 72 bytes', async () => {
      const res = await ctx.request.post('/api/auth/register').send({
        email: uniqueEmail('long'),
        password: 'seven copper pipes run under the old farmhouse kitchen floor'.padEnd(72, '.'),
      });
      expect(res.status).toBe(201);
    });
  });

  describe('POST /api/auth/login', () => {
    const email = uniqueEmail('login');
    beforeAll(async () => {
      await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
    });

    it('logs in with the e-mail in any case and sets a safe session cookie', async () => {
      const res = await ctx.request
        .post('/api/auth/login')
        .send({ email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email, role: 'homeowner' });
      const cookie = sessionCookie(res.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // Plain http in tests/development: no Secure flag (production uses Secure over HTTPS).
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('gives a wrong password and an unknown e-mail the same 401 body', async () => {
      const wrongPassword = await ctx.request
        .post('/api/auth/login')
        .send({ email, password: 'wrong-password' });
      const unknownEmail = await ctx.request
        .post('/api/auth/login')
        .send({ email: uniqueEmail('nobody'), password: PASSWORD });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    });

    it('issues a new session id at login (no session fixation)', async () => {
      const agent = ctx.agent();
      const first = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
      const firstCookie = sessionCookie(first.headers['set-cookie']).split(';')[0];
      const second = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
      const secondCookie = sessionCookie(second.headers['set-cookie']).split(';')[0];
      expect(secondCookie).not.toBe(firstCookie);
      // The old session id no longer authenticates.
      const replay = await ctx.request.get('/api/auth/user').set('Cookie', firstCookie);
      expect(replay.status).toBe(401);
    });

    it('does not write to the session table on authenticated reads', async () => {
      const agent = ctx.agent();
      const login = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
      const sid = decodeURIComponent(sessionCookie(login.headers['set-cookie']).split(';')[0].split('=')[1])
        .slice(2)
        .split('.')[0];
      const read = async () =>
        (await ctx.database.db.select().from(session).where(eq(session.sid, sid)))[0]?.expire.getTime();
      const before = await read();
      expect(before).toBeDefined();
      // connect-pg-simple stores expiry in whole seconds: wait past a second so a touch would show.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect(await read()).toBe(before);
    });
  });

  describe('logout and the current user', () => {
    it('answers 401 JSON when nobody is logged in', async () => {
      const res = await ctx.request.get('/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please log in to continue', code: 'UNAUTHENTICATED' });
    });

    it('destroys the session row at logout so a replayed cookie is refused', async () => {
      const email = uniqueEmail('bye');
      const register = await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
      const cookie = sessionCookie(register.headers['set-cookie']).split(';')[0];
      expect((await ctx.request.get('/api/auth/user').set('Cookie', cookie)).status).toBe(200);

      const sessionsBefore = await ctx.database.db.select().from(session);
      const logout = await ctx.request.post('/api/auth/logout').set('Cookie', cookie);
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ ok: true });
      const sessionsAfter = await ctx.database.db.select().from(session);
      expect(sessionsAfter.length).toBe(sessionsBefore.length - 1);

      const replay = await ctx.request.get('/api/auth/user').set('Cookie', cookie);
      expect(replay.status).toBe(401);
    });
  });
});

describe('auth rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_MS: '60000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 429 JSON after too many login attempts', async () => {
    const attempt = () =>
      ctx.request.post('/api/auth/login').send({ email: 'a@example.test', password: 'whatever1' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
  });

  it('shares the counters between two app instances on one database', async () => {
    const second = await createApp({
      config: ctx.config,
      database: ctx.database,
      logger: createLogger('silent'),
      sessionSecret: 'another-secret'.padEnd(40, 'y'),
      client: 'none',
    });
    const email = uniqueEmail('shared');
    const attempt = (app: Parameters<typeof supertest>[0]) =>
      supertest(app).post('/api/auth/login').send({ email, password: 'whatever1' });
    // Every request comes from 127.0.0.1 (trust proxy is off): start this client's window afresh.
    await ctx.database.pool.query(`delete from rate_limits where key like 'login:%'`);
    expect((await attempt(ctx.app)).status).toBe(401);
    expect((await attempt(second.app)).status).toBe(401);
    expect((await attempt(ctx.app)).status).toBe(401);
    expect((await attempt(second.app)).status).toBe(429);
    await second.close();
  });

  it('limits registrations too', async () => {
    const attempt = () => ctx.request.post('/api/auth/register').send({ email: 'bad', password: 'x' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
  });
});

describe('password checks under a flood', () => {
  let ctx: TestContext;
  const logLines: string[] = [];
  beforeAll(async () => {
    // Real cost: each check takes a few hundred ms, so logins sent together overlap.
    ctx = await createTestContext({
      env: {
        BCRYPT_COST: '12',
        PASSWORD_CHECK_CONCURRENCY: '1',
        PASSWORD_CHECK_QUEUE: '1',
        LOG_LEVEL: 'info',
      },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('runs at most the allowed checks and answers the rest 503 JSON at once, losing nothing', async () => {
    const logins = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.request.post('/api/auth/login').send({ email: uniqueEmail('flood'), password: 'whatever1' }),
      ),
    );
    const statuses = logins.map((res) => res.status).sort();
    // One check runs, one waits; the other four are refused instead of queueing behind them.
    expect(statuses).toEqual([401, 401, 503, 503, 503, 503]);
    for (const res of logins.filter((r) => r.status === 503)) {
      expect(res.body).toEqual({ error: PASSWORD_CHECKS_BUSY_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    // Shedding load is logged as a warning per request, never as an error with a stack.
    const records = logLines.map(
      (line) => JSON.parse(line) as { level: number; res?: { statusCode?: number } },
    );
    expect(records.filter((r) => r.level === 40 && r.res?.statusCode === 503)).toHaveLength(4);
    expect(records.filter((r) => r.level >= 50)).toEqual([]);
    // Registration shares the gate; once the flood is over, it works.
    const email = uniqueEmail('after-flood');
    const registered = await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
  });
});

describe('session lifetime', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SESSION_IDLE_TIMEOUT_MS: '1500', SESSION_MAX_AGE_MS: '4000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends a session left idle longer than the idle timeout and removes its row', async () => {
    const agent = ctx.agent();
    const email = uniqueEmail('idle');
    const registered = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    const rowsOfUser = async () =>
      (await ctx.database.db.select().from(session)).filter(
        (row) =>
          (row.sess as { passport?: { user?: { id?: string } } }).passport?.user?.id === registered.body.id,
      );
    expect(await rowsOfUser()).toHaveLength(1);
    await wait(1_700);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    // The expired row is gone; the browser continues in a new, anonymous session.
    expect(await rowsOfUser()).toHaveLength(0);
  });

  it('keeps an active session alive, but not past the absolute lifetime', async () => {
    const agent = ctx.agent();
    expect(
      (await agent.post('/api/auth/register').send({ email: uniqueEmail('active'), password: PASSWORD }))
        .status,
    ).toBe(201);
    // Activity every 0.6 s keeps it inside the 1.5 s idle timeout…
    for (let elapsed = 0; elapsed < 3_000; elapsed += 600) {
      await wait(600);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
    }
    // …until 4 s after login.
    await wait(1_300);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});
