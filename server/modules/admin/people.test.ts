import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { ADMIN_PLUMBER_MESSAGES } from '@shared/contracts/admin';
import {
  PEOPLE_MESSAGES,
  PEOPLE_SEARCH_LIMIT,
  adminPersonSchema,
  type AdminPerson,
} from '@shared/contracts/admin-people';
import { auditLog, plumbers, session, users } from '@shared/schema';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { createAdminRoster } from './people.service';
import {
  DEMO_ADMIN,
  PASSWORD,
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  type Actor,
  type Agent,
} from '../jobs/marketplace.fixtures';

const REASON = 'Reported twice for abusive messages';
const SUSPENDED_LOGIN = { error: ACCOUNT_MESSAGES.suspended, code: 'ACCOUNT_SUSPENDED' };
/** A session row that outlived the suspension (written back by a request in flight) is told why. */
const SUSPENDED_SESSION = { error: ACCOUNT_MESSAGES.sessionSuspended, code: 'UNAUTHENTICATED' };
/** A session the suspension deleted is simply gone: the browser is logged out. */
const LOGGED_OUT = { error: 'Please log in to continue', code: 'UNAUTHENTICATED' };

/** The People tab's routes (docs/decisions/031-admin-operations.md): search, suspend, reinstate, role. */
describe(`admin: people (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;

  beforeAll(async () => {
    // Role changes refused on purpose count against the admin's attempts: not the subject here.
    ctx = await createTestContext({ seed: true, env: { LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
    admin = await loginAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const login = (email: string, password = PASSWORD) =>
    ctx.agent().post('/api/auth/login').send({ email, password });
  /** A new browser logged in to the account. */
  const loggedIn = async (email: string): Promise<Agent> => {
    const agent = ctx.agent();
    expect((await agent.post('/api/auth/login').send({ email, password: PASSWORD })).status).toBe(200);
    return agent;
  };
  const userRow = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];
  const auditRowsOf = (entityId: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(auditLog.createdAt);
  const sessionsOf = (userId: string) =>
    ctx.database.db
      .select()
      .from(session)
      .where(sql`${session.sess}::jsonb #>> '{passport,user,id}' = ${userId}`);

  const suspend = (by: Agent, userId: string, reason: unknown = REASON) =>
    by.post(`/api/admin/users/${userId}/suspend`).send({ reason });
  const reinstate = (by: Agent, userId: string, reason: unknown = 'Cleared after a call with the owner') =>
    by.post(`/api/admin/users/${userId}/reinstate`).send({ reason });
  const changeRole = (by: Agent, userId: string, body: Record<string, unknown>) =>
    by.post(`/api/admin/users/${userId}/role`).send({ password: PASSWORD, ...body });
  const search = async (query?: string): Promise<AdminPerson[]> => {
    const res = await admin.agent.get('/api/admin/users').query(query === undefined ? {} : { query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return adminPersonSchema.array().parse(res.body);
  };

  describe('search', () => {
    it('finds accounts by part of the e-mail or the name, whatever the case, newest first', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const first = await registerActor(ctx, 'homeowner', { name: `Quincy ${tag}Older` });
      const second = await registerActor(ctx, 'plumber', { name: `Rowan ${tag}Newer` });
      const byName = await search(tag.toUpperCase());
      expect(byName.map((person) => person.id)).toEqual([second.user.id, first.user.id]);
      expect(byName[1]).toMatchObject({
        email: first.user.email,
        name: `Quincy ${tag}Older`,
        phone: first.user.phone,
        role: 'homeowner',
        emailVerified: false,
        suspendedAt: null,
        suspensionReason: null,
        deletedAt: null,
      });
      const byEmail = await search(second.user.email.slice(2, 14).toUpperCase());
      expect(byEmail.map((person) => person.id)).toContain(second.user.id);
      // Never a password hash: the answer holds exactly the contract's fields.
      expect(Object.keys(byName[0]).sort()).toEqual(Object.keys(adminPersonSchema.shape).sort());
    });

    it('takes LIKE wildcards literally', async () => {
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
    });

    it('lists the newest accounts for an empty query, at most PEOPLE_SEARCH_LIMIT', async () => {
      const tag = `bulk${Date.now().toString(36)}`;
      await ctx.database.db.insert(users).values(
        Array.from({ length: PEOPLE_SEARCH_LIMIT + 5 }, (_, index) => ({
          email: `${tag}.${index}@example.test`,
          createdAt: new Date(Date.now() + 60_000 + index * 1000),
        })),
      );
      const newest = await search();
      expect(newest).toHaveLength(PEOPLE_SEARCH_LIMIT);
      expect(newest[0].email).toBe(`${tag}.${PEOPLE_SEARCH_LIMIT + 4}@example.test`);
      const created = newest.map((person) => person.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(await search(tag)).toHaveLength(PEOPLE_SEARCH_LIMIT);
      expect(await search('   ')).toHaveLength(PEOPLE_SEARCH_LIMIT);
    });

    it('counts the jobs posted and quotes sent, and the newest of them', async () => {
      const homeowner = await registerActor(ctx, 'homeowner', { name: `Activity Owner ${Date.now()}` });
      const plumber = await registerPlumber(ctx);
      const idle = await registerActor(ctx, 'homeowner');
      await createJob(ctx, homeowner.user.id);
      const newest = await createJob(ctx, homeowner.user.id);
      const quoted = await sendQuote(plumber, newest.id);
      const [quote] = await ctx.database.pool
        .query<{ created_at: Date }>('select created_at from quotes where id = $1', [quoted])
        .then((result) => result.rows);

      const [owner] = await search(homeowner.user.email);
      expect(owner.activity).toEqual({
        jobsPosted: 2,
        quotesSent: 0,
        lastActiveAt: newest.createdAt.toISOString(),
      });
      const [quoter] = await search(plumber.user.email);
      expect(quoter.activity).toEqual({
        jobsPosted: 0,
        quotesSent: 1,
        lastActiveAt: quote.created_at.toISOString(),
      });
      const [nothing] = await search(idle.user.email);
      expect(nothing.activity).toEqual({ jobsPosted: 0, quotesSent: 0, lastActiveAt: null });
    });

    it('shows the last password login: none after registering, then each login’s time', async () => {
      const member = await registerActor(ctx, 'homeowner');
      // Registering logs the new account in without a password login.
      expect((await search(member.user.email))[0].lastLoginAt).toBeNull();

      const before = Date.now();
      expect((await login(member.user.email)).status).toBe(200);
      const [afterLogin] = await search(member.user.email);
      const stored = (await userRow(member.user.id)).lastLoginAt;
      expect(afterLogin.lastLoginAt).toBe(stored?.toISOString());
      // The database's clock and the test's may differ by a little: a generous window, not a timing.
      expect(Date.parse(afterLogin.lastLoginAt!)).toBeGreaterThan(before - 60_000);
      expect(Date.parse(afterLogin.lastLoginAt!)).toBeLessThan(Date.now() + 60_000);

      // A wrong password and a suspended account's refused login leave it as it was; the next login moves it.
      const longAgo = new Date('2020-01-02T03:04:05.000Z');
      await ctx.database.db.update(users).set({ lastLoginAt: longAgo }).where(eq(users.id, member.user.id));
      expect((await login(member.user.email, 'not-the-password')).status).toBe(401);
      expect((await search(member.user.email))[0].lastLoginAt).toBe(longAgo.toISOString());
      expect((await suspend(admin.agent, member.user.id)).status).toBe(200);
      expect((await login(member.user.email)).status).toBe(403);
      expect((await search(member.user.email))[0].lastLoginAt).toBe(longAgo.toISOString());
      expect((await reinstate(admin.agent, member.user.id)).status).toBe(200);
      expect((await login(member.user.email)).status).toBe(200);
      const [again] = await search(member.user.email);
      expect(Date.parse(again.lastLoginAt!)).toBeGreaterThan(before - 60_000);
    });

    it('refuses a query over 254 characters or given twice', async () => {
      const long = await admin.agent.get('/api/admin/users').query({ query: 'x'.repeat(255) });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({ error: PEOPLE_MESSAGES.queryInvalid, code: 'VALIDATION_ERROR' });
      expect((await admin.agent.get('/api/admin/users?query=a&query=b')).status).toBe(400);
    });
  });

  describe('suspension', () => {
    it('ends every session of the account at once, and refuses the login with the suspended message', async () => {
      const member = await registerActor(ctx, 'homeowner');
      const phone = await loggedIn(member.user.email);
      expect((await sessionsOf(member.user.id)).length).toBe(2);

      const res = await suspend(admin.agent, member.user.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(adminPersonSchema.parse(res.body)).toMatchObject({
        id: member.user.id,
        suspensionReason: REASON,
        suspendedAt: expect.any(String),
      });
      expect(await sessionsOf(member.user.id)).toEqual([]);

      for (const browser of [member.agent, phone]) {
        const refused = await browser.get('/api/auth/user');
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual(LOGGED_OUT);
        expect((await browser.get('/api/jobs')).body).toEqual(LOGGED_OUT);
      }
      // The right password learns of the suspension; a wrong one learns nothing.
      const right = await login(member.user.email);
      expect(right.status).toBe(403);
      expect(right.body).toEqual(SUSPENDED_LOGIN);
      const wrong = await login(member.user.email, `${PASSWORD}-wrong`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      // Public routes still answer the refused browser, as a visitor.
      expect((await member.agent.get('/api/config/public')).status).toBe(200);
    });

    it('refuses a session row written back after the suspension (a request that was in flight)', async () => {
      const member = await registerActor(ctx, 'plumber');
      const [row] = await sessionsOf(member.user.id);
      expect(row).toBeDefined();
      expect((await suspend(admin.agent, member.user.id)).status).toBe(200);
      // What express-session does when a request that started before the suspension ends: it saves its row.
      await ctx.database.db.insert(session).values(row).onConflictDoNothing();
      const refused = await member.agent.get('/api/jobs/nearby');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(SUSPENDED_SESSION);
      // The refusal took the account out of the row: from now on the browser is just logged out.
      expect((await member.agent.get('/api/auth/user')).body).toEqual(LOGGED_OUT);
      expect(await sessionsOf(member.user.id)).toEqual([]);
    });

    it('records the suspension and the reinstatement in the audit log, in the change’s transaction', async () => {
      const member = await registerActor(ctx, 'homeowner');
      expect((await suspend(admin.agent, member.user.id)).status).toBe(200);
      const reinstated = await reinstate(admin.agent, member.user.id, 'Cleared after a call with the owner');
      expect(reinstated.status).toBe(200);
      expect(reinstated.body).toMatchObject({ suspendedAt: null, suspensionReason: null });

      const [suspension, reinstatement] = await auditRowsOf(member.user.id);
      expect(suspension).toMatchObject({
        actorId: admin.user.id,
        actorEmail: DEMO_ADMIN.email,
        action: 'user.suspend',
        entityType: 'user',
        entityId: member.user.id,
        reason: REASON,
        before: { role: 'homeowner', suspendedAt: null, suspensionReason: null },
        after: { role: 'homeowner', suspendedAt: expect.any(String), suspensionReason: REASON },
      });
      expect(reinstatement).toMatchObject({
        action: 'user.reinstate',
        reason: 'Cleared after a call with the owner',
        before: { suspensionReason: REASON },
        after: { suspendedAt: null, suspensionReason: null },
      });
      // Nothing that account deletion must erase, and never a password.
      expect(JSON.stringify([suspension.before, suspension.after])).not.toContain(member.user.email);
      expect(JSON.stringify([suspension, reinstatement])).not.toMatch(/password/i);

      // Reinstated: the password opens the account again.
      const back = await login(member.user.email);
      expect(back.status).toBe(200);
      expect(back.body.id).toBe(member.user.id);
    });

    it('refuses what cannot be done, changes nothing and records nothing', async () => {
      const member = await registerActor(ctx, 'homeowner');
      const reasonless = await suspend(admin.agent, member.user.id, 'no');
      expect(reasonless.status).toBe(400);
      expect(reasonless.body.code).toBe('VALIDATION_ERROR');
      expect((await admin.agent.post(`/api/admin/users/${member.user.id}/suspend`).send({})).status).toBe(
        400,
      );

      const notSuspended = await reinstate(admin.agent, member.user.id);
      expect(notSuspended.status).toBe(409);
      expect(notSuspended.body).toEqual({ error: PEOPLE_MESSAGES.notSuspended, code: 'CONFLICT' });

      expect((await suspend(admin.agent, member.user.id)).status).toBe(200);
      const twice = await suspend(admin.agent, member.user.id);
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ error: PEOPLE_MESSAGES.alreadySuspended, code: 'CONFLICT' });
      expect((await auditRowsOf(member.user.id)).map((row) => row.action)).toEqual(['user.suspend']);

      const unknown = await suspend(admin.agent, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: PEOPLE_MESSAGES.notFound, code: 'NOT_FOUND' });
      expect((await suspend(admin.agent, 'not-a-uuid')).status).toBe(400);
    });

    it('leaves deleted accounts alone (409)', async () => {
      const member = await registerActor(ctx, 'homeowner');
      const deleted = await member.agent.delete('/api/account').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);
      const refused = await suspend(admin.agent, member.user.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: PEOPLE_MESSAGES.deleted, code: 'CONFLICT' });
      const role = await changeRole(admin.agent, member.user.id, {
        password: DEMO_ADMIN.password,
        role: 'plumber',
      });
      expect(role.status).toBe(409);
      expect(role.body).toEqual({ error: PEOPLE_MESSAGES.deleted, code: 'CONFLICT' });
      expect(await auditRowsOf(member.user.id)).toEqual([]);
      expect((await userRow(member.user.id)).suspendedAt).toBeNull();
    });
  });

  describe('role change', () => {
    it('needs the acting admin’s own password: a wrong one is 403 at the field, and nothing changes', async () => {
      const member = await registerActor(ctx, 'homeowner');
      const res = await changeRole(admin.agent, member.user.id, { role: 'plumber', password: PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: ACCOUNT_MESSAGES.passwordWrong,
        code: 'FORBIDDEN',
        details: [{ path: 'password', message: ACCOUNT_MESSAGES.passwordWrong }],
      });
      const missing = await admin.agent
        .post(`/api/admin/users/${member.user.id}/role`)
        .send({ role: 'plumber' });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe(PEOPLE_MESSAGES.passwordRequired);
      const badRole = await changeRole(admin.agent, member.user.id, {
        role: 'superuser',
        password: DEMO_ADMIN.password,
      });
      expect(badRole.status).toBe(400);
      expect(badRole.body.error).toBe(PEOPLE_MESSAGES.roleInvalid);
      expect((await userRow(member.user.id)).role).toBe('homeowner');
      expect(await auditRowsOf(member.user.id)).toEqual([]);
    });

    it('makes a homeowner a plumber with a profile to onboard; the open session sees the new role', async () => {
      const member = await registerActor(ctx, 'homeowner');
      const res = await changeRole(admin.agent, member.user.id, {
        role: 'plumber',
        password: DEMO_ADMIN.password,
        reason: 'Joined as a licensed plumber',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.role).toBe('plumber');
      expect((await member.agent.get('/api/auth/user')).body.role).toBe('plumber');
      const profile = await member.agent.get(`/api/plumbers/user/${member.user.id}`);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ verificationStatus: 'pending', vettingSubmittedAt: null });

      const [entry] = await auditRowsOf(member.user.id);
      expect(entry).toMatchObject({
        action: 'user.role.change',
        entityType: 'user',
        reason: 'Joined as a licensed plumber',
        before: { role: 'homeowner' },
        after: { role: 'plumber' },
      });

      // Back to homeowner and a plumber again: the same profile, kept with its history.
      const back = await changeRole(admin.agent, member.user.id, {
        role: 'homeowner',
        password: DEMO_ADMIN.password,
      });
      expect(back.status).toBe(200);
      const again = await changeRole(admin.agent, member.user.id, {
        role: 'plumber',
        password: DEMO_ADMIN.password,
      });
      expect(again.status).toBe(200);
      const rows = await ctx.database.db.select().from(plumbers).where(eq(plumbers.userId, member.user.id));
      expect(rows.map((row) => row.id)).toEqual([profile.body.id]);
      expect((await auditRowsOf(member.user.id)).map((row) => row.reason)).toEqual([
        'Joined as a licensed plumber',
        null,
        null,
      ]);
    });

    it('keeps work in hand with its role: a plumber’s pending quote, a homeowner’s open job (409)', async () => {
      const plumber = await registerPlumber(ctx);
      const homeowner = await registerActor(ctx, 'homeowner');
      const job = await createJob(ctx, homeowner.user.id);
      await sendQuote(plumber, job.id);

      const demote = await changeRole(admin.agent, plumber.user.id, {
        role: 'homeowner',
        password: DEMO_ADMIN.password,
      });
      expect(demote.status).toBe(409);
      expect(demote.body).toEqual({ error: PEOPLE_MESSAGES.plumberWorkInHand(0, 1), code: 'CONFLICT' });
      const promote = await changeRole(admin.agent, homeowner.user.id, {
        role: 'admin',
        password: DEMO_ADMIN.password,
      });
      expect(promote.status).toBe(409);
      expect(promote.body).toEqual({ error: PEOPLE_MESSAGES.homeownerWorkInHand(1), code: 'CONFLICT' });

      const cancelled = await homeowner.agent
        .patch(`/api/jobs/${job.id}/status`)
        .send({ status: 'cancelled' });
      expect(cancelled.status).toBe(200);
      const nowFree = await changeRole(admin.agent, plumber.user.id, {
        role: 'homeowner',
        password: DEMO_ADMIN.password,
      });
      expect(nowFree.status).toBe(200);
      // A plumber no more: the plumber routes refuse it, its profile and quote stay.
      expect((await plumber.agent.get('/api/jobs/nearby')).status).toBe(403);
      expect(
        await ctx.database.db.select().from(plumbers).where(eq(plumbers.id, plumber.plumberId)),
      ).toHaveLength(1);

      const same = await changeRole(admin.agent, plumber.user.id, {
        role: 'homeowner',
        password: DEMO_ADMIN.password,
      });
      expect(same.status).toBe(409);
      expect(same.body).toEqual({ error: PEOPLE_MESSAGES.sameRole, code: 'CONFLICT' });
      expect((await auditRowsOf(plumber.user.id)).map((row) => row.action)).toEqual(['user.role.change']);
      expect(await auditRowsOf(homeowner.user.id)).toEqual([]);
    });
  });

  describe('plumber review', () => {
    it('records each verification and rejection in the audit log; a refused decision records nothing', async () => {
      const verified = await registerPlumber(ctx, null, { vetting: 'submitted' });
      const rejected = await registerPlumber(ctx, null, { vetting: 'submitted' });
      const notSubmitted = await registerPlumber(ctx, null, { vetting: 'none' });

      expect((await admin.agent.post(`/api/admin/plumbers/${verified.plumberId}/verify`)).status).toBe(200);
      const reason = 'The license number is not in the Texas register';
      expect(
        (await admin.agent.post(`/api/admin/plumbers/${rejected.plumberId}/reject`).send({ reason })).status,
      ).toBe(200);
      const refused = await admin.agent.post(`/api/admin/plumbers/${notSubmitted.plumberId}/verify`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(ADMIN_PLUMBER_MESSAGES.notSubmitted);

      expect(await auditRowsOf(verified.plumberId)).toEqual([
        expect.objectContaining({
          actorId: admin.user.id,
          action: 'plumber.verify',
          entityType: 'plumber',
          reason: null,
          before: expect.objectContaining({ verificationStatus: 'pending', vettingDecidedAt: null }),
          after: expect.objectContaining({
            verificationStatus: 'verified',
            vettingDecidedAt: expect.any(String),
          }),
        }),
      ]);
      expect(await auditRowsOf(rejected.plumberId)).toEqual([
        expect.objectContaining({
          action: 'plumber.reject',
          entityType: 'plumber',
          reason,
          after: expect.objectContaining({ verificationStatus: 'rejected', rejectionReason: reason }),
        }),
      ]);
      expect(await auditRowsOf(notSubmitted.plumberId)).toEqual([]);
    });
  });

  describe('the last active admin', () => {
    let first: Actor;
    let second: Actor;
    /** The admins before these tests, restored after them (the demo admin is the fixtures' admin). */
    let formerAdmins: string[];

    const makeAdmins = async (...actors: Actor[]) =>
      ctx.database.db
        .update(users)
        .set({ role: 'admin', suspendedAt: null, suspensionReason: null })
        .where(
          inArray(
            users.id,
            actors.map((actor) => actor.user.id),
          ),
        );

    beforeAll(async () => {
      formerAdmins = (
        await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))
      ).map((row) => row.id);
    });
    afterAll(async () => {
      await ctx.database.db.update(users).set({ role: 'admin' }).where(inArray(users.id, formerAdmins));
    });

    /** Exactly two active admins, `first` and `second`, each logged in. */
    beforeEach(async () => {
      first = await registerActor(ctx, 'homeowner');
      second = await registerActor(ctx, 'homeowner');
      await ctx.database.db.update(users).set({ role: 'homeowner' }).where(eq(users.role, 'admin'));
      await makeAdmins(first, second);
    });

    const activeAdmins = async () =>
      (
        await ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.role, 'admin'), sql`${users.suspendedAt} is null`, sql`${users.deletedAt} is null`),
          )
      ).map((row) => row.id);

    it('cannot be suspended or demoted, not even by themselves; a suspended admin does not count', async () => {
      expect((await suspend(first.agent, second.user.id)).status).toBe(200);
      const selfSuspend = await suspend(first.agent, first.user.id);
      expect(selfSuspend.status).toBe(409);
      expect(selfSuspend.body).toEqual({ error: PEOPLE_MESSAGES.lastAdmin, code: 'CONFLICT' });
      const selfDemote = await changeRole(first.agent, first.user.id, { role: 'homeowner' });
      expect(selfDemote.status).toBe(409);
      expect(selfDemote.body).toEqual({ error: PEOPLE_MESSAGES.lastAdmin, code: 'CONFLICT' });
      expect(await activeAdmins()).toEqual([first.user.id]);
      expect((await auditRowsOf(first.user.id)).length).toBe(0);

      // With a second active admin again, stepping down is allowed.
      expect((await reinstate(first.agent, second.user.id)).status).toBe(200);
      const stepDown = await changeRole(first.agent, first.user.id, {
        role: 'homeowner',
        reason: 'Left the team',
      });
      expect(stepDown.status).toBe(200);
      expect((await first.agent.get('/api/admin/users')).status).toBe(403);
      expect(await activeAdmins()).toEqual([second.user.id]);
    });

    it('lets an admin who is not the last suspend themselves: their own session ends', async () => {
      const res = await suspend(first.agent, first.user.id);
      expect(res.status).toBe(200);
      expect((await first.agent.get('/api/admin/users')).body).toEqual(LOGGED_OUT);
      expect(await activeAdmins()).toEqual([second.user.id]);
    });

    /** A fresh pair of admins, and no other admin, for the next round of a race. */
    async function startWithTwoNewAdmins() {
      first = await registerActor(ctx, 'homeowner');
      second = await registerActor(ctx, 'homeowner');
      await ctx.database.db.update(users).set({ role: 'homeowner' }).where(eq(users.role, 'admin'));
      await makeAdmins(first, second);
    }

    it('stays with one admin when two demote or suspend each other at the same moment', async () => {
      for (let round = 0; round < 4; round++) {
        if (round > 0) await startWithTwoNewAdmins();
        const suspending = round % 2 === 1;
        const act = (by: Actor, target: Actor) =>
          suspending
            ? suspend(by.agent, target.user.id)
            : changeRole(by.agent, target.user.id, { role: 'homeowner' });
        const answers = await Promise.all([act(first, second), act(second, first)]);
        const statuses = answers.map((res) => res.status).sort();
        // One wins; the other is refused because its actor is no admin any more (403) or its
        // target is the last one (409), whichever the lock let through second — or, when the winner
        // suspended it, because its session ended before its request was read (401).
        expect(statuses[0], JSON.stringify(answers.map((res) => res.body))).toBe(200);
        expect(suspending ? [401, 403, 409] : [403, 409]).toContain(statuses[1]);
        expect(await activeAdmins()).toHaveLength(1);
        const written = await ctx.database.db
          .select()
          .from(auditLog)
          .where(inArray(auditLog.entityId, [first.user.id, second.user.id]));
        expect(written).toHaveLength(1);
      }
    });

    const deleteOwnAccount = (actor: Actor) =>
      actor.agent.delete('/api/account').send({ password: PASSWORD });

    it('cannot delete their own account; with another active admin, the deletion goes through', async () => {
      expect((await suspend(first.agent, second.user.id)).status).toBe(200);
      const refused = await deleteOwnAccount(first);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: PEOPLE_MESSAGES.lastAdminDeletion, code: 'CONFLICT' });
      // The account is intact and still logged in.
      expect(await userRow(first.user.id)).toMatchObject({
        email: first.user.email,
        name: first.user.name,
        role: 'admin',
        deletedAt: null,
      });
      expect((await userRow(first.user.id)).passwordHash).not.toBeNull();
      expect((await first.agent.get('/api/account')).status).toBe(200);
      expect(await activeAdmins()).toEqual([first.user.id]);

      // A wrong password is still told first (403 at the field), whoever asks.
      const wrong = await first.agent.delete('/api/account').send({ password: 'not-the-password' });
      expect(wrong.status).toBe(403);
      expect(wrong.body.details).toEqual([{ path: 'password', message: ACCOUNT_MESSAGES.passwordWrong }]);

      expect((await reinstate(first.agent, second.user.id)).status).toBe(200);
      const deleted = await deleteOwnAccount(first);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await userRow(first.user.id)).deletedAt).not.toBeNull();
      expect(await activeAdmins()).toEqual([second.user.id]);
      // The other admin, now the last (logged in again: the suspension ended its sessions), cannot leave either.
      const secondAgain = await loggedIn(second.user.email);
      expect((await deleteOwnAccount({ ...second, agent: secondAgain })).status).toBe(409);
      expect(await activeAdmins()).toEqual([second.user.id]);
    });

    it('counts only active admins for a deletion: a suspended admin may leave, the last active one may not', async () => {
      expect((await suspend(first.agent, second.user.id)).status).toBe(200);
      // A suspended account has no session to call DELETE /api/account with: the rule the route
      // runs is called directly.
      await ctx.database.db.transaction((tx) => createAdminRoster().assertMayLeave(tx, second.user.id));
      await expect(
        ctx.database.db.transaction((tx) => createAdminRoster().assertMayLeave(tx, first.user.id)),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: PEOPLE_MESSAGES.lastAdminDeletion });
    });

    it('stays with one admin when both delete their accounts, or one deletes as the other steps down, at once', async () => {
      for (let round = 0; round < 4; round++) {
        if (round > 0) await startWithTwoNewAdmins();
        const bothDelete = round % 2 === 0;
        const answers = await Promise.all([
          deleteOwnAccount(first),
          bothDelete
            ? deleteOwnAccount(second)
            : changeRole(second.agent, second.user.id, { role: 'homeowner' }),
        ]);
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses, JSON.stringify(answers.map((res) => res.body))).toEqual([200, 409]);
        const refusal = answers.find((res) => res.status === 409)!.body;
        expect([PEOPLE_MESSAGES.lastAdmin, PEOPLE_MESSAGES.lastAdminDeletion]).toContain(refusal.error);
        expect(await activeAdmins()).toHaveLength(1);
        // Whichever went first: the account that is no active admin any more was deleted or demoted.
        const rows = await Promise.all([userRow(first.user.id), userRow(second.user.id)]);
        const gone = rows.filter((row) => row.deletedAt !== null || row.role !== 'admin');
        expect(gone).toHaveLength(1);
        if (bothDelete) expect(gone[0].deletedAt).not.toBeNull();
      }
    });

    it('re-checks the acting admin inside the change: one demoted a moment ago is refused (403)', async () => {
      expect((await changeRole(first.agent, second.user.id, { role: 'homeowner' })).status).toBe(200);
      const third = await registerActor(ctx, 'homeowner');
      const res = await suspend(second.agent, third.user.id);
      expect(res.status).toBe(403);
      expect((await userRow(third.user.id)).suspendedAt).toBeNull();
      expect(
        await ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, second.user.id)),
      ).toEqual([]);
      expect(await activeAdmins()).toEqual([first.user.id]);
    });
  });

  it('finds a new account by e-mail right after it registers', async () => {
    const email = uniqueEmail('people-new');
    const res = await ctx.agent().post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    const [found] = await search(email);
    expect(found).toMatchObject({ id: res.body.id, email, role: 'homeowner', activity: { jobsPosted: 0 } });
  });
});
