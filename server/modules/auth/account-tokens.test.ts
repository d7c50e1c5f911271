import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, serviceRequests, users } from '@shared/schema';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { dayFromTodayIn } from '@shared/dates';
import { createApp, type App } from '../../app';
import { createLogger } from '../../lib/logger';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { mailTo, tokenFromMail, waitForMail } from './account-tokens.fixtures';
import { ACCOUNT_TOKEN_LIFETIME_MS, PASSWORD_RESET_REQUEST_QUEUE } from './auth.service';

const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'new-staple-battery';

const VERIFY_REFUSED = { error: AUTH_MESSAGES.verificationLinkInvalid, code: 'TOKEN_INVALID' };
const RESET_REFUSED = { error: AUTH_MESSAGES.resetLinkInvalid, code: 'TOKEN_INVALID' };

describe(`verification and password-reset links (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ mailQueue: { deliver: true } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A new account, logged in through its own agent, and the token of its verification mail. */
  async function registered(prefix = 'verify') {
    const agent = ctx.agent();
    const email = uniqueEmail(prefix);
    const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.emailVerified).toBe(false);
    const token = await tokenFromMail(ctx, email, '/verify-email');
    return { agent, email, id: res.body.id as string, token };
  }

  const verify = (token: string) => ctx.request.post('/api/auth/verify-email').send({ token });
  const requestReset = (email: string) => ctx.request.post('/api/auth/password-reset').send({ email });
  const confirmReset = (token: string, password = NEW_PASSWORD) =>
    ctx.request.post('/api/auth/password-reset/confirm').send({ token, password });
  const login = (email: string, password: string) =>
    ctx.request.post('/api/auth/login').send({ email, password });
  const tokensOf = (userId: string) =>
    ctx.database.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
  /** Moves the account's live tokens of `purpose` past their expiry, as the clock would. */
  const expireTokens = (userId: string, purpose: 'verify_email' | 'password_reset') =>
    ctx.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  /** A reset link mailed to `email`: the mail with index `count` (1 = the first) counted over all its mail. */
  async function resetToken(email: string, count: number) {
    expect((await requestReset(email)).status).toBe(202);
    return tokenFromMail(ctx, email, '/reset-password', count);
  }

  describe('e-mail verification', () => {
    it('mails a link at registration that verifies the e-mail, logged in or not', async () => {
      const { agent, email, id, token } = await registered();
      const [mail] = await mailTo(ctx, email);
      expect(mail.subject).toBe('Confirm your e-mail address');
      // Only the SHA-256 of the token is stored, and it lives 24 hours.
      const [row] = await tokensOf(id);
      expect(row).toMatchObject({ purpose: 'verify_email', email, usedAt: null });
      expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
      const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
      expect(Math.abs(lifetime - ACCOUNT_TOKEN_LIFETIME_MS.verify_email)).toBeLessThan(60_000);

      const res = await verify(token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, email, emailVerified: true });
      expect((await agent.get('/api/auth/user')).body).toMatchObject({ id, emailVerified: true });
      expect((await login(email, PASSWORD)).body).toMatchObject({ id, emailVerified: true });
    });

    it('works once: a used, an unknown and a blank token are refused', async () => {
      const { token } = await registered();
      expect((await verify(token)).status).toBe(200);
      const again = await verify(token);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(VERIFY_REFUSED);
      const unknown = await verify('A'.repeat(43));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual(VERIFY_REFUSED);
      const blank = await verify('  ');
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ code: 'VALIDATION_ERROR', error: AUTH_MESSAGES.tokenRequired });
    });

    it('refuses an expired link and leaves the e-mail unverified', async () => {
      const { agent, id, token } = await registered();
      await expireTokens(id, 'verify_email');
      const res = await verify(token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(VERIFY_REFUSED);
      expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(false);
    });

    it('mails a new link on request, which replaces the old one; verified, a resend sends nothing', async () => {
      const { agent, email, id, token: first } = await registered();
      const resent = await agent.post('/api/auth/verify-email/resend');
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ ok: true });
      const second = await tokenFromMail(ctx, email, '/verify-email', 2);
      expect(second).not.toBe(first);
      expect((await verify(first)).body).toEqual(VERIFY_REFUSED);
      expect((await verify(second)).status).toBe(200);

      const noop = await agent.post('/api/auth/verify-email/resend');
      expect(noop.status).toBe(200);
      expect(noop.body).toEqual({ ok: true });
      // No new token, so no new mail: the one row left is the used one.
      expect(await tokensOf(id)).toEqual([expect.objectContaining({ usedAt: expect.any(Date) })]);
    });

    it('asks a logged-out client to log in before resending', async () => {
      const res = await ctx.request.post('/api/auth/verify-email/resend');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });

    it('hands the account its guest requests only once the same e-mail is verified', async () => {
      const email = uniqueEmail('guest-later');
      const book = (bookerEmail: string, street: number) =>
        ctx.request.post('/api/service-requests').send({
          name: 'Jordan Rivers',
          email: bookerEmail,
          phone: `(512) 555-${String(street).padStart(4, '0')}`,
          serviceType: 'Drain Cleaning',
          preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 3),
          urgency: 'routine',
          description: 'The kitchen sink drains very slowly and gurgles.',
          address: `${street} S Congress Ave, Austin, TX 78704`,
        });
      const mine = await book(email.toUpperCase(), 1201);
      const notMine = await book(uniqueEmail('someone-else'), 1202);
      expect([mine.status, notMine.status]).toEqual([201, 201]);
      const owners = async () =>
        new Map(
          (
            await ctx.database.db
              .select({ id: serviceRequests.id, userId: serviceRequests.userId })
              .from(serviceRequests)
              .where(inArray(serviceRequests.id, [mine.body.id, notMine.body.id]))
          ).map((row) => [row.id, row.userId]),
        );

      const agent = ctx.agent();
      const reg = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
      expect(reg.status).toBe(201);
      // Anyone can register with an address; the request still belongs to nobody.
      expect((await owners()).get(mine.body.id)).toBeNull();

      // The guest booking's confirmation came first: the verification link is the second mail.
      expect((await verify(await tokenFromMail(ctx, email, '/verify-email', 2))).status).toBe(200);
      const after = await owners();
      expect(after.get(mine.body.id)).toBe(reg.body.id);
      expect(after.get(notMine.body.id)).toBeNull();
    });
  });

  describe('password reset', () => {
    it('answers a known and an unknown e-mail alike, and mails only the known one', async () => {
      const { email, id } = await registered('reset-known');
      const unknown = uniqueEmail('reset-nobody');
      const [forUnknown, forKnown] = [await requestReset(unknown), await requestReset(email)];
      expect(forUnknown.status).toBe(202);
      expect(forKnown.status).toBe(202);
      expect(forUnknown.body).toEqual({ ok: true });
      expect(forKnown.body).toEqual(forUnknown.body);

      const [mail] = await waitForMail(ctx, email, 2);
      expect(mail.subject).toBe('Reset your Plumbline password');
      // The unknown address was asked first; by the time the known one's mail is in, it is settled.
      expect(await mailTo(ctx, unknown)).toEqual([]);
      const issued = await ctx.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.email, unknown));
      expect(issued).toEqual([]);
      const [reset] = (await tokensOf(id)).filter((row) => row.purpose === 'password_reset');
      const lifetime = reset.expiresAt.getTime() - reset.createdAt.getTime();
      expect(Math.abs(lifetime - ACCOUNT_TOKEN_LIFETIME_MS.password_reset)).toBeLessThan(60_000);
    });

    it('sets the new password, verifies the e-mail and ends every session of the account', async () => {
      const { agent, email, id } = await registered('reset-sessions');
      const other = ctx.agent();
      expect((await other.post('/api/auth/login').send({ email, password: PASSWORD })).status).toBe(200);
      const sessionsOf = async () =>
        (
          await ctx.database.pool.query(
            `select sid from session where sess::jsonb #>> '{passport,user,id}' = $1`,
            [id],
          )
        ).rowCount;
      expect(await sessionsOf()).toBe(2);

      const token = await resetToken(email, 2);
      // A password against the rule is refused with its message, and the link still works.
      const weak = await confirmReset(token, 'short');
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ code: 'VALIDATION_ERROR', error: AUTH_MESSAGES.passwordMin });

      // Confirmed from one of the account's own browsers: that session ends too.
      const res = await agent
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(await sessionsOf()).toBe(0);
      expect((await other.get('/api/auth/user')).status).toBe(401);
      expect((await agent.get('/api/auth/user')).status).toBe(401);

      expect((await login(email, PASSWORD)).status).toBe(401);
      const fresh = await login(email, NEW_PASSWORD);
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({ id, emailVerified: true });
    });

    it('ends the sessions when confirmed from another browser, which stays logged out', async () => {
      const { agent, email } = await registered('reset-elsewhere');
      const token = await resetToken(email, 2);
      const res = await confirmReset(token);
      expect(res.status).toBe(200);
      expect((await agent.get('/api/auth/user')).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('works once, and only the newest link works', async () => {
      const { email } = await registered('reset-once');
      const first = await resetToken(email, 2);
      const second = await resetToken(email, 3);
      expect(second).not.toBe(first);
      const stale = await confirmReset(first);
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual(RESET_REFUSED);
      expect((await confirmReset(second)).status).toBe(200);
      const reused = await confirmReset(second, 'yet-another-password');
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual(RESET_REFUSED);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a link past its hour and keeps the old password', async () => {
      const { email, id } = await registered('reset-expired');
      const token = await resetToken(email, 2);
      await expireTokens(id, 'password_reset');
      const res = await confirmReset(token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(RESET_REFUSED);
      expect((await login(email, PASSWORD)).status).toBe(200);
    });

    it('does not take a verification link as a reset link, nor the other way round', async () => {
      const { email, token: verification } = await registered('reset-purpose');
      expect((await confirmReset(verification)).body).toEqual(RESET_REFUSED);
      const reset = await resetToken(email, 2);
      expect((await verify(reset)).body).toEqual(VERIFY_REFUSED);
      expect((await confirmReset(reset)).status).toBe(200);
    });

    it('refuses a link mailed to an address the account no longer has', async () => {
      const { email, id } = await registered('reset-moved');
      const token = await resetToken(email, 2);
      await ctx.database.db
        .update(users)
        .set({ email: uniqueEmail('moved') })
        .where(eq(users.id, id));
      expect((await confirmReset(token)).body).toEqual(RESET_REFUSED);
    });
  });
});

describe(`limits on the mail a stranger can trigger (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { LOGIN_ACCOUNT_RATE_LIMIT: '2', AUTH_RATE_LIMIT: '6' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const limited = {
    error: 'Too many attempts. Please wait a few minutes and try again.',
    code: 'RATE_LIMITED',
  };

  it('limits reset requests per e-mail, known or not, however it is written', async () => {
    const known = uniqueEmail('limit-known');
    expect(
      (await ctx.request.post('/api/auth/register').send({ email: known, password: PASSWORD })).status,
    ).toBe(201);
    const unknown = uniqueEmail('limit-unknown');
    for (const email of [known, unknown]) {
      const attempt = (written: string) =>
        ctx.request.post('/api/auth/password-reset').send({ email: written });
      expect((await attempt(email)).status).toBe(202);
      expect((await attempt(` ${email.toUpperCase()}`)).status).toBe(202);
      const third = await attempt(email);
      expect(third.status).toBe(429);
      expect(third.body).toEqual(limited);
    }
  });

  it('limits reset requests per client address', async () => {
    // Six per address in this context: this client's window starts afresh.
    await ctx.database.pool.query(`delete from rate_limits where key like 'password-reset:%'`);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await ctx.request.post('/api/auth/password-reset').send({ email: uniqueEmail('many') })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });

  it('limits resends per account', async () => {
    const agent = ctx.agent();
    const email = uniqueEmail('limit-resend');
    expect((await agent.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(201);
    expect((await agent.post('/api/auth/verify-email/resend')).status).toBe(200);
    expect((await agent.post('/api/auth/verify-email/resend')).status).toBe(200);
    const third = await agent.post('/api/auth/verify-email/resend');
    expect(third.status).toBe(429);
    expect(third.body).toEqual(limited);
  });
});

describe(`a reset request is a job in the queue (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  /** A second instance of the app on the same database, whose workers work the queue. */
  let worker: App | undefined;
  beforeAll(async () => {
    // This instance only queues: nothing works on a request until another instance's worker does.
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await worker?.jobQueue.stop();
    await worker?.close();
    await ctx?.close();
  });

  const resetRequestsFor = async (email: string) =>
    (
      await ctx.database.pool.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = $1 and data->>'email' = $2`,
        [PASSWORD_RESET_REQUEST_QUEUE, email],
      )
    ).rows;
  const mailJobsTo = async (email: string) =>
    (
      await ctx.database.pool.query<{ subject: string }>(
        `select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'to' = $1
         order by created_on`,
        [email],
      )
    ).rows.map((row) => row.subject);
  const resetTokensOf = (userId: string) =>
    ctx.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'password_reset')));

  async function untilStateOf(email: string, state: string) {
    const deadline = Date.now() + 20_000;
    while ((await resetRequestsFor(email))[0]?.state !== state) {
      if (Date.now() > deadline) throw new Error(`the reset request of ${email} never became ${state}`);
      await sleep(100);
    }
  }

  it('answers once the request is queued; a worker of another instance mails the link, retried, once', async () => {
    const email = uniqueEmail('reset-queued');
    const registered = await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    const res = await ctx.request.post('/api/auth/password-reset').send({ email: ` ${email.toUpperCase()}` });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });

    // Answered with the request committed as a job (its normalised address), and nothing else done:
    // no reset token, no reset mail queued, only the verification mail of the registration.
    expect(await resetRequestsFor(email)).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await resetTokensOf(registered.body.id)).toEqual([]);
    expect(await mailJobsTo(email)).toEqual(['Confirm your e-mail address']);

    // The first attempt fails (no token table), and the job waits for its retry.
    await ctx.database.pool.query(`alter table account_tokens rename to account_tokens_hidden`);
    try {
      worker = await createApp({
        config: ctx.config,
        database: ctx.database,
        logger: createLogger('silent'),
        sessionSecret: 'test-secret-'.padEnd(40, 'x'),
        client: 'none',
        jobQueue: { deliver: true, pollingIntervalSeconds: 0.5 },
      });
      await worker.jobQueue.start();
      await untilStateOf(email, 'retry');
    } finally {
      await ctx.database.pool.query(`alter table account_tokens_hidden rename to account_tokens`);
    }

    // The retry mails the link; the job completed with the token and the mail, so it is done once.
    const token = await tokenFromMail(ctx, email, '/reset-password', 2);
    expect(await resetRequestsFor(email)).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(await resetTokensOf(registered.body.id)).toHaveLength(1);
    expect(await mailJobsTo(email)).toEqual(['Confirm your e-mail address', 'Reset your Plumbline password']);
    expect(
      (await ctx.request.post('/api/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  }, 60_000);
});
