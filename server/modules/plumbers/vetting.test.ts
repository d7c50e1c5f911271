import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plumbers } from '@shared/schema';
import { ADMIN_PLUMBER_MESSAGES } from '@shared/contracts/admin';
import { PLUMBER_MESSAGES } from '@shared/contracts/plumbers';
import { dayFromTodayIn } from '@shared/dates';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { waitForMail } from '../auth/account-tokens.fixtures';
import {
  createJob,
  listAllNearby,
  loginAdmin,
  onboardingDetails,
  registerActor,
  registerPlumber,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';

/** Vetted plumbers (docs/decisions/024-vetted-plumbers.md): onboarding, the admin's review, the gates. */
describe(`vetted plumbers (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;
  let homeowner: Actor;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
    admin = await loginAdmin(ctx);
    homeowner = await registerActor(ctx, 'homeowner');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const day = (days: number) => dayFromTodayIn(ctx.config.appTimeZone, days);
  const profileOf = async (plumber: PlumberActor) => {
    const res = await plumber.agent.get(`/api/plumbers/user/${plumber.user.id}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const onboard = (plumber: Actor, changes: Record<string, unknown> = {}) =>
    plumber.agent.put('/api/plumbers/me/onboarding').send({ ...onboardingDetails(ctx), ...changes });
  const quote = (plumber: Actor, jobId: string) =>
    plumber.agent.post('/api/quotes').send({ jobId, minTotal: 150, maxTotal: 300 });
  const reviewList = async (status: string) => {
    const res = await admin.agent.get('/api/admin/plumbers').query({ status });
    expect(res.status).toBe(200);
    return res.body as { id: string; verificationStatus: string }[];
  };
  const NOT_VERIFIED = { error: PLUMBER_MESSAGES.notVerified, code: 'FORBIDDEN' };

  describe('onboarding', () => {
    it.each([
      ['businessName', 'A', PLUMBER_MESSAGES.businessNameMin],
      ['businessName', 'x'.repeat(121), PLUMBER_MESSAGES.businessNameMax],
      ['licenseNumber', '', PLUMBER_MESSAGES.licenseNumberRequired],
      ['licenseNumber', 'M1', PLUMBER_MESSAGES.licenseNumberInvalid],
      ['licenseNumber', 'M-123<script>', PLUMBER_MESSAGES.licenseNumberInvalid],
      ['licenseState', 'Texas', PLUMBER_MESSAGES.licenseState],
      ['licenseState', 'XX', PLUMBER_MESSAGES.licenseState],
      ['insuranceExpiresOn', '', PLUMBER_MESSAGES.insuranceRequired],
      ['insuranceExpiresOn', '2030-02-30', PLUMBER_MESSAGES.insuranceFormat],
      ['insuranceExpiresOn', '12/31/2030', PLUMBER_MESSAGES.insuranceFormat],
    ])('refuses %s %j with “%s”', async (field, value, message) => {
      const plumber = await registerPlumber(ctx, null, { vetting: 'none' });
      const res = await onboard(plumber, { [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, details: [{ path: field, message }] });
      expect((await profileOf(plumber)).vettingSubmittedAt).toBeNull();
    });

    it('refuses insurance that ended yesterday on the app’s clock, and takes insurance ending today', async () => {
      const plumber = await registerPlumber(ctx, null, { vetting: 'none' });
      const past = await onboard(plumber, { insuranceExpiresOn: day(-1) });
      expect(past.status).toBe(400);
      expect(past.body).toMatchObject({
        error: PLUMBER_MESSAGES.insuranceExpired,
        details: [{ path: 'insuranceExpiresOn', message: PLUMBER_MESSAGES.insuranceExpired }],
      });
      const today = await onboard(plumber, { insuranceExpiresOn: day(0), licenseState: ' tx ' });
      expect(today.status).toBe(200);
      expect(today.body).toMatchObject({ insuranceExpiresOn: day(0), licenseState: 'TX' });
    });

    it('puts the plumber in the pending queue with its details, name and e-mail', async () => {
      const plumber = await registerPlumber(ctx, { zip: '80202', serviceRadiusKm: 30 }, { vetting: 'none' });
      const before = await profileOf(plumber);
      expect(before).toMatchObject({ verificationStatus: 'pending', vettingSubmittedAt: null });
      expect((await reviewList('pending')).map((row) => row.id)).not.toContain(plumber.plumberId);

      const res = await onboard(plumber);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ...onboardingDetails(ctx),
        verificationStatus: 'pending',
        rejectionReason: null,
        vettingSubmittedAt: expect.any(String),
      });
      const queued = (await reviewList('pending')).find((row) => row.id === plumber.plumberId);
      expect(queued).toEqual({
        id: plumber.plumberId,
        userId: plumber.user.id,
        name: plumber.user.name,
        email: plumber.user.email,
        ...onboardingDetails(ctx),
        verificationStatus: 'pending',
        rejectionReason: null,
        serviceArea: 'Denver, CO 80202',
        submittedAt: res.body.vettingSubmittedAt,
        decidedAt: null,
      });
    });

    it('lists the seeded pending demo plumber for the admin', async () => {
      const pending = await reviewList('pending');
      expect(pending).toContainEqual(
        expect.objectContaining({
          email: 'new.plumber@demo.plumbline.test',
          businessName: 'Newpipe Plumbing Co.',
        }),
      );
      expect(await reviewList('verified')).toContainEqual(
        expect.objectContaining({ email: 'plumber@demo.plumbline.test', verificationStatus: 'verified' }),
      );
    });
  });

  describe('a pending plumber', () => {
    it('sets its service area and sees how many jobs are near, but not the jobs, and cannot quote', async () => {
      const plumber = await registerPlumber(
        ctx,
        { zip: '80202', serviceRadiusKm: 30 },
        { vetting: 'submitted' },
      );
      const counted = async () => {
        const res = await plumber.agent.get('/api/jobs/nearby/count');
        expect(res.status).toBe(200);
        return res.body.nearbyCount as number;
      };
      const before = await counted();
      const job = await createJob(ctx, homeowner.user.id);
      expect(await counted()).toBe(before + 1);
      // The same number a verified plumber with the same area is shown jobs.
      const verified = await registerPlumber(ctx, { zip: '80202', serviceRadiusKm: 30 });
      expect(await listAllNearby(verified)).toHaveLength(before + 1);

      const nearby = await plumber.agent.get('/api/jobs/nearby');
      expect(nearby.status).toBe(403);
      expect(nearby.body).toEqual(NOT_VERIFIED);
      const refused = await quote(plumber, job.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(NOT_VERIFIED);
    });

    it('is refused the same way before it has onboarded; the count needs a service area first', async () => {
      const plumber = await registerPlumber(ctx, null, { vetting: 'none' });
      expect((await plumber.agent.get('/api/jobs/nearby')).body).toEqual(NOT_VERIFIED);
      expect((await plumber.agent.get('/api/jobs/nearby/count')).status).toBe(409);
    });
  });

  describe('the admin’s decision', () => {
    it('verify: the plumber sees nearby jobs and quotes, and is mailed', async () => {
      const plumber = await registerPlumber(
        ctx,
        { zip: '80202', serviceRadiusKm: 30 },
        { vetting: 'submitted' },
      );
      const job = await createJob(ctx, homeowner.user.id);
      expect((await quote(plumber, job.id)).status).toBe(403);

      const res = await admin.agent.post(`/api/admin/plumbers/${plumber.plumberId}/verify`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ verificationStatus: 'verified', decidedAt: expect.any(String) });
      expect((await profileOf(plumber)).verificationStatus).toBe('verified');
      expect((await reviewList('verified')).map((row) => row.id)).toContain(plumber.plumberId);
      expect((await reviewList('pending')).map((row) => row.id)).not.toContain(plumber.plumberId);

      expect((await listAllNearby(plumber)).map((item) => item.id)).toContain(job.id);
      expect((await quote(plumber, job.id)).status).toBe(201);

      const mails = await waitForMail(ctx, plumber.user.email, 2);
      const verifiedMail = mails.find(
        (mail) => mail.subject === 'Your Plumbline plumber account is verified',
      );
      expect(verifiedMail?.text).toContain('Test Plumbing Co.');
      expect(verifiedMail?.links).toContain(`${ctx.config.publicUrl}/dashboard`);
    });

    it('reject: the reason is in the profile and the mail; resubmitting makes the plumber pending again', async () => {
      const plumber = await registerPlumber(
        ctx,
        { zip: '80202', serviceRadiusKm: 30 },
        { vetting: 'submitted' },
      );
      const reject = (reason: unknown) =>
        admin.agent.post(`/api/admin/plumbers/${plumber.plumberId}/reject`).send({ reason });
      for (const [reason, message] of [
        ['  ab  ', ADMIN_PLUMBER_MESSAGES.reasonMin],
        [undefined, ADMIN_PLUMBER_MESSAGES.reasonMin],
        ['x'.repeat(501), ADMIN_PLUMBER_MESSAGES.reasonMax],
      ] as const) {
        const res = await reject(reason);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: message, details: [{ path: 'reason', message }] });
      }
      expect((await profileOf(plumber)).verificationStatus).toBe('pending');

      const reason = 'The license number does not match the Texas state register.';
      const rejected = await reject(`  ${reason} `);
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason });
      expect(await profileOf(plumber)).toMatchObject({
        verificationStatus: 'rejected',
        rejectionReason: reason,
      });
      expect((await reviewList('rejected')).map((row) => row.id)).toContain(plumber.plumberId);
      const nearby = await plumber.agent.get('/api/jobs/nearby');
      expect(nearby.status).toBe(403);
      expect(nearby.body).toEqual({ error: PLUMBER_MESSAGES.rejected, code: 'FORBIDDEN' });

      const mails = await waitForMail(ctx, plumber.user.email, 2);
      const rejectedMail = mails.find(
        (mail) => mail.subject === 'Your Plumbline plumber account was not approved',
      );
      expect(rejectedMail?.text).toContain(reason);

      const resubmitted = await onboard(plumber, { licenseNumber: 'M-99881' });
      expect(resubmitted.status).toBe(200);
      expect(resubmitted.body).toMatchObject({
        verificationStatus: 'pending',
        rejectionReason: null,
        licenseNumber: 'M-99881',
      });
      expect((await reviewList('pending')).map((row) => row.id)).toContain(plumber.plumberId);
      expect((await reviewList('rejected')).map((row) => row.id)).not.toContain(plumber.plumberId);
    });

    it('a verified plumber who changes its details is pending until verified again', async () => {
      const plumber = await registerPlumber(ctx);
      expect((await onboard(plumber, { businessName: 'Renamed Plumbing LLC' })).status).toBe(200);
      expect((await profileOf(plumber)).verificationStatus).toBe('pending');
      expect((await plumber.agent.get('/api/jobs/nearby')).status).toBe(403);
    });

    it('answers 404 for an unknown plumber and 409 for one that has not submitted details', async () => {
      const unknown = await admin.agent.post(
        '/api/admin/plumbers/3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c/verify',
      );
      expect(unknown.status).toBe(404);
      const fresh = await registerPlumber(ctx, null, { vetting: 'none' });
      for (const action of ['verify', 'reject']) {
        const res = await admin.agent
          .post(`/api/admin/plumbers/${fresh.plumberId}/${action}`)
          .send(action === 'reject' ? { reason: 'No details' } : {});
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(ADMIN_PLUMBER_MESSAGES.notSubmitted);
      }
    });
  });

  describe('expired insurance', () => {
    it('moves a verified plumber back to pending: no nearby jobs, no quotes, in the queue, not verifiable', async () => {
      const plumber = await registerPlumber(ctx);
      const job = await createJob(ctx, homeowner.user.id);
      expect((await plumber.agent.get('/api/jobs/nearby')).status).toBe(200);

      // The insurance date the plumber gave has passed (it ended yesterday on the app's clock).
      await ctx.database.db
        .update(plumbers)
        .set({ insuranceExpiresOn: day(-1) })
        .where(eq(plumbers.id, plumber.plumberId));

      expect((await profileOf(plumber)).verificationStatus).toBe('pending');
      expect((await plumber.agent.get('/api/jobs/nearby')).body).toEqual(NOT_VERIFIED);
      const refused = await quote(plumber, job.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(NOT_VERIFIED);

      const queued = (await reviewList('pending')).find((row) => row.id === plumber.plumberId);
      expect(queued).toMatchObject({ verificationStatus: 'pending', insuranceExpiresOn: day(-1) });
      const [row] = await ctx.database.db.select().from(plumbers).where(eq(plumbers.id, plumber.plumberId));
      expect(row).toMatchObject({ verificationStatus: 'pending', vettingDecidedAt: null });

      const verify = await admin.agent.post(`/api/admin/plumbers/${plumber.plumberId}/verify`);
      expect(verify.status).toBe(409);
      expect(verify.body.error).toBe(ADMIN_PLUMBER_MESSAGES.insuranceLapsed);

      // A current date, and the admin's verification, let it quote again.
      expect((await onboard(plumber)).status).toBe(200);
      expect((await admin.agent.post(`/api/admin/plumbers/${plumber.plumberId}/verify`)).status).toBe(200);
      expect((await quote(plumber, job.id)).status).toBe(201);
    });

    it('insurance ending today still covers today', async () => {
      const plumber = await registerPlumber(ctx);
      await ctx.database.db
        .update(plumbers)
        .set({ insuranceExpiresOn: day(0) })
        .where(eq(plumbers.id, plumber.plumberId));
      expect((await profileOf(plumber)).verificationStatus).toBe('verified');
      expect((await plumber.agent.get('/api/jobs/nearby')).status).toBe(200);
    });
  });

  describe('admin routes', () => {
    it('refuse homeowners and plumbers (403) and anonymous callers (401)', async () => {
      const plumber = await registerPlumber(ctx, null, { vetting: 'submitted' });
      const calls = [
        (agent: Actor['agent']) => agent.get('/api/admin/plumbers'),
        (agent: Actor['agent']) => agent.post(`/api/admin/plumbers/${plumber.plumberId}/verify`),
        (agent: Actor['agent']) =>
          agent.post(`/api/admin/plumbers/${plumber.plumberId}/reject`).send({ reason: 'Not me' }),
      ];
      for (const call of calls) {
        expect((await call(homeowner.agent)).status).toBe(403);
        expect((await call(plumber.agent)).status).toBe(403);
        expect((await call(ctx.agent())).status).toBe(401);
      }
      expect((await profileOf(plumber)).verificationStatus).toBe('pending');
    });

    it('list the review queue by default and refuse an unknown status', async () => {
      const byDefault = await admin.agent.get('/api/admin/plumbers');
      expect(byDefault.status).toBe(200);
      expect(byDefault.body).toEqual(await reviewList('pending'));
      const bad = await admin.agent.get('/api/admin/plumbers').query({ status: 'approved' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(ADMIN_PLUMBER_MESSAGES.statusInvalid);
    });
  });
});
