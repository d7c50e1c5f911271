import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { dayFromTodayIn } from '@shared/dates';
import { accountTokens, jobs, plumbers, quotes, serviceRequests, session, users } from '@shared/schema';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import {
  PASSWORD,
  createJob,
  registerActor,
  registerPlumber,
  sendQuote,
  submitOnboarding,
  verifyPlumber,
  type Agent,
} from '../jobs/marketplace.fixtures';
import { tokenFromMail, waitForMail } from './account-tokens.fixtures';

const NEW_PASSWORD = 'brass-elbow-compression-fitting';
const PROFILE = { name: 'Morgan Account', phone: '(303) 555-0177' };
const PROFILE_REFUSED = (message: string) => ({ error: message, code: 'PROFILE_INCOMPLETE' });

describe(`the account: profile, settings, e-mail change, password and deletion (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A new account as the register dialog makes it: an e-mail and a password, no name or phone. */
  async function registerBare(role: 'homeowner' | 'plumber' = 'homeowner', email = uniqueEmail('account')) {
    const agent = ctx.agent();
    const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD, role });
    expect(res.status).toBe(201);
    return { agent, email, id: res.body.id as string };
  }

  const login = (email: string, password: string) =>
    ctx.agent().post('/api/auth/login').send({ email, password });
  const userRow = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];

  /** The booking form of a logged-in homeowner: it posts their job. */
  const bookingBody = (email: string) => ({
    name: PROFILE.name,
    email,
    phone: PROFILE.phone,
    serviceType: 'Drain Cleaning',
    preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 9),
    urgency: 'routine',
    description: 'The bathroom sink drains slowly and smells.',
    address: '1550 Larimer St, Denver, CO 80202',
  });

  describe('the profile step', () => {
    it('refuses a homeowner’s first job post until name and phone are set, and stores nothing', async () => {
      const { agent, email, id } = await registerBare();
      const refused = await agent.post('/api/service-requests').send(bookingBody(email));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(PROFILE_REFUSED(ACCOUNT_MESSAGES.profileRequiredForJob));
      expect(await ctx.database.db.select().from(jobs).where(eq(jobs.customerId, id))).toEqual([]);
      expect(
        await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.userId, id)),
      ).toEqual([]);

      expect((await agent.patch('/api/account').send(PROFILE)).status).toBe(200);
      const posted = await agent.post('/api/service-requests').send(bookingBody(email));
      expect(posted.status).toBe(201);
      expect(posted.body.jobId).toEqual(expect.any(String));
    });

    it('refuses a plumber’s first quote until name and phone are set', async () => {
      const homeowner = await registerActor(ctx, 'homeowner');
      const job = await createJob(ctx, homeowner.user.id);
      const { agent } = await registerBare('plumber');
      const area = await agent.put('/api/plumbers/me/location').send({ zip: '80202', serviceRadiusKm: 30 });
      expect(area.status).toBe(200);
      await submitOnboarding(ctx, agent);
      await verifyPlumber(ctx, area.body.id);

      const quote = { jobId: job.id, minTotal: 150, maxTotal: 300 };
      const refused = await agent.post('/api/quotes').send(quote);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(PROFILE_REFUSED(ACCOUNT_MESSAGES.profileRequiredForQuote));
      expect(await ctx.database.db.select().from(quotes).where(eq(quotes.jobId, job.id))).toEqual([]);

      expect((await agent.patch('/api/account').send(PROFILE)).status).toBe(200);
      expect((await agent.post('/api/quotes').send(quote)).status).toBe(201);
    });

    it('keeps the demo accounts complete', async () => {
      const agent = ctx.agent();
      expect(
        (
          await agent
            .post('/api/auth/login')
            .send({ email: 'homeowner@demo.plumbline.test', password: 'plumbline-demo' })
        ).status,
      ).toBe(200);
      const account = await agent.get('/api/account');
      expect(account.body.name).toEqual(expect.any(String));
      expect(account.body.phone).toEqual(expect.any(String));
    });
  });

  describe('GET and PATCH /api/account', () => {
    it('answers the owner’s details and changes only what is sent', async () => {
      const { agent, email } = await registerBare();
      const before = await agent.get('/api/account');
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        name: null,
        phone: null,
        email,
        emailVerified: false,
        pendingEmail: null,
      });

      const named = await agent.patch('/api/account').send({ name: '  Robin Fixture ' });
      expect(named.status).toBe(200);
      expect(named.body).toMatchObject({ name: 'Robin Fixture', phone: null, email });
      const phoned = await agent.patch('/api/account').send({ phone: '720 555 0199' });
      expect(phoned.body).toMatchObject({ name: 'Robin Fixture', phone: '720 555 0199' });
      expect((await agent.get('/api/auth/user')).body).toMatchObject({
        name: 'Robin Fixture',
        phone: '720 555 0199',
      });
    });

    it('refuses a short name or a phone without 10 digits', async () => {
      const { agent } = await registerBare();
      const shortName = await agent.patch('/api/account').send({ name: 'R' });
      expect(shortName.status).toBe(400);
      expect(shortName.body.error).toBe('Name must be at least 2 characters');
      const shortPhone = await agent.patch('/api/account').send({ phone: '555-0199' });
      expect(shortPhone.status).toBe(400);
      expect(shortPhone.body.error).toBe('Phone number must be at least 10 digits');
      expect((await agent.get('/api/account')).body).toMatchObject({ name: null, phone: null });
    });

    it('is for logged-in users only', async () => {
      expect((await ctx.request.get('/api/account')).status).toBe(401);
      expect((await ctx.request.patch('/api/account').send(PROFILE)).status).toBe(401);
    });
  });

  describe('changing the e-mail', () => {
    it('mails the new address a link; the address changes only when it is used, and the old one is told', async () => {
      const { agent, email, id } = await registerBare();
      const newEmail = uniqueEmail('moved');
      const pending = await agent.patch('/api/account').send({ email: newEmail.toUpperCase() });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ email, pendingEmail: newEmail });

      // Until confirmed, the account and its mail stay at the old address.
      expect((await agent.get('/api/auth/user')).body.email).toBe(email);
      expect((await login(newEmail, PASSWORD)).status).toBe(401);
      const token = await tokenFromMail(ctx, newEmail, '/verify-email');
      // The old address has its registration mail only (the queue may still be delivering it).
      expect((await waitForMail(ctx, email)).map((mail) => mail.subject)).toEqual([
        'Confirm your e-mail address',
      ]);

      const confirmed = await ctx.request.post('/api/auth/verify-email').send({ token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ id, email: newEmail, emailVerified: true });
      expect((await agent.get('/api/account')).body).toMatchObject({
        email: newEmail,
        emailVerified: true,
        pendingEmail: null,
      });
      const [notice] = await waitForMail(ctx, email, 2);
      expect(notice.subject).toBe('Your Plumbline e-mail address was changed');
      expect(notice.text).toContain(newEmail);

      expect((await login(newEmail, PASSWORD)).status).toBe(200);
      expect((await login(email, PASSWORD)).status).toBe(401);
      // The link works once.
      expect((await ctx.request.post('/api/auth/verify-email').send({ token })).status).toBe(400);
    });

    it('cancels a pending change when the current address is given again', async () => {
      const { agent, email } = await registerBare();
      const newEmail = uniqueEmail('cancelled');
      await agent.patch('/api/account').send({ email: newEmail });
      const token = await tokenFromMail(ctx, newEmail, '/verify-email');
      const cancelled = await agent.patch('/api/account').send({ email });
      expect(cancelled.body).toMatchObject({ email, pendingEmail: null });
      expect((await ctx.request.post('/api/auth/verify-email').send({ token })).status).toBe(400);
    });

    it('refuses an address another account has, at the request and when the link is used', async () => {
      const other = await registerBare();
      const { agent } = await registerBare();
      const taken = await agent.patch('/api/account').send({ email: other.email });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('EMAIL_TAKEN');

      const contested = uniqueEmail('contested');
      await agent.patch('/api/account').send({ email: contested });
      const token = await tokenFromMail(ctx, contested, '/verify-email');
      await registerBare('homeowner', contested);
      const late = await ctx.request.post('/api/auth/verify-email').send({ token });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('EMAIL_TAKEN');
    });
  });

  describe('changing the password', () => {
    it('needs the current password, ends every other session and keeps this one', async () => {
      const { agent, email } = await registerBare();
      const otherBrowser = ctx.agent();
      expect((await otherBrowser.post('/api/auth/login').send({ email, password: PASSWORD })).status).toBe(
        200,
      );

      const wrong = await agent
        .post('/api/account/password')
        .send({ currentPassword: `${PASSWORD}x`, newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
      expect((await otherBrowser.get('/api/auth/user')).status).toBe(200);

      const changed = await agent
        .post('/api/account/password')
        .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect((await otherBrowser.get('/api/auth/user')).status).toBe(401);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect((await login(email, PASSWORD)).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('a session row written back by a request that was in flight during the change opens nothing', async () => {
      const { agent, email, id } = await registerBare();
      const otherBrowser = ctx.agent();
      await otherBrowser.post('/api/auth/login').send({ email, password: PASSWORD });
      const sessionsOfUser = () =>
        ctx.database.db
          .select()
          .from(session)
          .where(sql`${session.sess}::jsonb #>> '{passport,user,id}' = ${id}`);
      const before = await sessionsOfUser();
      expect(before).toHaveLength(2);

      const changed = await agent
        .post('/api/account/password')
        .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      // What express-session does when a request that started earlier ends: it saves its row again.
      await ctx.database.db.insert(session).values(before).onConflictDoNothing();

      expect((await otherBrowser.get('/api/auth/user')).status).toBe(401);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
    });

    it('limits wrong current passwords per account', async () => {
      const limited = await createTestContext({ env: { LOGIN_ACCOUNT_RATE_LIMIT: '2' } });
      try {
        const agent = limited.agent();
        const email = uniqueEmail('limited');
        await agent.post('/api/auth/register').send({ email, password: PASSWORD });
        const attempt = () =>
          agent
            .post('/api/account/password')
            .send({ currentPassword: 'a-guess-at-it', newPassword: NEW_PASSWORD });
        expect((await attempt()).status).toBe(403);
        expect((await attempt()).status).toBe(403);
        expect((await attempt()).status).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('deleting the account', () => {
    it('anonymises the account, keeps its jobs and quotes, ends the session; the e-mail may register again', async () => {
      const homeowner = await registerActor(ctx, 'homeowner');
      const plumber = await registerPlumber(ctx);
      const job = await createJob(ctx, homeowner.user.id);
      const quoteId = await sendQuote(plumber, job.id);
      const email = homeowner.user.email;
      const agent: Agent = homeowner.agent;
      const [booking] = await ctx.database.db
        .insert(serviceRequests)
        .values({
          name: 'Morgan Booker',
          email,
          phone: '3035550177',
          serviceType: 'Drain Cleaning',
          preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 3),
          description: 'The kitchen drain is slow.',
          address: '1701 Wynkoop St, Denver, CO 80202',
          userId: homeowner.user.id,
        })
        .returning();

      const wrong = await agent.delete('/api/account').send({ password: 'not-my-password' });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe(ACCOUNT_MESSAGES.passwordWrong);

      const deleted = await agent.delete('/api/account').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);
      expect((await agent.get('/api/auth/user')).status).toBe(401);

      const row = await userRow(homeowner.user.id);
      expect(row).toMatchObject({ name: null, phone: null, passwordHash: null, emailVerifiedAt: null });
      expect(row.email).toBe(`deleted-${homeowner.user.id}@deleted.invalid`);
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(
        await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.userId, homeowner.user.id)),
      ).toEqual([]);
      // The booking keeps its date and service, not the person.
      const [keptBooking] = await ctx.database.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, booking.id));
      expect(keptBooking).toMatchObject({
        name: 'Deleted account',
        email: row.email,
        phone: '',
        address: 'Removed',
        serviceType: 'Drain Cleaning',
      });
      const [keptJob] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(keptJob.customerId).toBe(homeowner.user.id);
      expect((await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId))).length).toBe(1);

      expect((await login(email, PASSWORD)).status).toBe(401);
      expect((await login(row.email, 'plumbline-timing-equaliser')).status).toBe(401);
      const again = await ctx.agent().post('/api/auth/register').send({ email, password: PASSWORD });
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(homeowner.user.id);
    });
  });

  describe('deleting a plumber account', () => {
    it('clears the business details and the service location; the quotes stay', async () => {
      const homeowner = await registerActor(ctx, 'homeowner');
      const plumber = await registerPlumber(ctx);
      const quoteId = await sendQuote(plumber, (await createJob(ctx, homeowner.user.id)).id);

      const deleted = await plumber.agent.delete('/api/account').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);

      const [row] = await ctx.database.db.select().from(plumbers).where(eq(plumbers.id, plumber.plumberId));
      expect(row).toMatchObject({
        businessName: null,
        licenseNumber: null,
        licenseState: null,
        insuranceExpiresOn: null,
        currentLat: null,
        currentLng: null,
        currentAddress: null,
        verificationStatus: 'pending',
        status: 'offline',
      });
      expect((await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId))).length).toBe(1);
    });
  });

  describe('passwords people won’t guess', () => {
    const COMMON = { code: 'VALIDATION_ERROR', error: ACCOUNT_MESSAGES.passwordCommon };
    const PERSONAL = { code: 'VALIDATION_ERROR', error: ACCOUNT_MESSAGES.passwordPersonal };

    it('refuses common passwords and ones built from the e-mail at registration', async () => {
      const register = (email: string, password: string) =>
        ctx.request.post('/api/auth/register').send({ email, password });
      for (const password of ['password123', 'iloveyou2', 'qwertyuiop']) {
        const res = await register(uniqueEmail('weak'), password);
        expect(res.status, password).toBe(400);
        expect(res.body).toMatchObject(COMMON);
      }
      const own = await register('casey.waterline@example.test', 'waterline-2024!');
      expect(own.status).toBe(400);
      expect(own.body).toMatchObject(PERSONAL);
      expect(own.body.details).toEqual([{ path: 'password', message: ACCOUNT_MESSAGES.passwordPersonal }]);
    });

    it('refuses them when a reset link sets the password', async () => {
      const { agent, email } = await registerBare();
      await agent.patch('/api/account').send({ name: 'Quinn Sparrowhawk', phone: PROFILE.phone });
      await waitForMail(ctx, email);
      expect((await ctx.request.post('/api/auth/password-reset').send({ email })).status).toBe(202);
      const token = await tokenFromMail(ctx, email, '/reset-password', 2);
      const confirm = (password: string) =>
        ctx.request.post('/api/auth/password-reset/confirm').send({ token, password });
      expect((await confirm('password123')).body).toMatchObject(COMMON);
      expect((await confirm('sparrowhawk-nest-77')).body).toMatchObject(PERSONAL);
      // The refused attempts did not use the link.
      expect((await confirm(NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses them when the password is changed', async () => {
      const { agent } = await registerBare();
      await agent.patch('/api/account').send({ name: 'Jordan Kettleby', phone: PROFILE.phone });
      const change = (newPassword: string) =>
        agent.post('/api/account/password').send({ currentPassword: PASSWORD, newPassword });
      const common = await change('sunshine1');
      expect(common.status).toBe(400);
      expect(common.body).toMatchObject(COMMON);
      const own = await change('kettleby-family-home');
      expect(own.body).toMatchObject(PERSONAL);
      expect(own.body.details).toEqual([{ path: 'newPassword', message: ACCOUNT_MESSAGES.passwordPersonal }]);
    });
  });
});
