import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { liveEvents, notifications } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { mailTo, waitForMail } from '../auth/account-tokens.fixtures';
import {
  acceptQuote,
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';

describe(`notifications (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let owner: Actor;
  let plumber: PlumberActor;
  let otherPlumber: PlumberActor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
    owner = await registerActor(ctx, 'homeowner');
    plumber = await registerPlumber(ctx);
    otherPlumber = await registerPlumber(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The first mail to `to` whose subject starts with `subject`, once the queue delivered it. */
  async function mailWithSubject(to: string, subject: string) {
    for (let count = 1; ; count += 1) {
      const found = (await waitForMail(ctx, to, count)).find((mail) => mail.subject.startsWith(subject));
      if (found) return found;
    }
  }

  const notificationsOf = (userId: string, jobId: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.jobId, jobId)));

  it('tells the homeowner of each new quote once, in the bell, by mail and as a live event', async () => {
    const job = await createJob(ctx, owner.user.id);
    const quoteId = await sendQuote(plumber, job.id, 120, 240);

    const bell = await owner.agent.get('/api/notifications');
    expect(bell.status).toBe(200);
    const entry = bell.body.items.find((item: { jobId: string }) => item.jobId === job.id);
    expect(entry).toMatchObject({ kind: 'new_quote', title: 'New quote for your job', readAt: null });
    expect(entry.body).toContain('Test Plumbing Co. quoted $120 - $240');
    expect(bell.body.unreadCount).toBeGreaterThanOrEqual(1);

    const rows = await notificationsOf(owner.user.id, job.id);
    expect(rows.map((row) => row.eventKey)).toEqual([`quote:${quoteId}`]);
    const [event] = await ctx.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, owner.user.id), eq(liveEvents.notificationId, entry.id)));
    expect(event).toMatchObject({ type: 'notification', jobId: job.id });

    const mail = await mailWithSubject(owner.user.email, 'New quote for your job');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/jobs/${job.id}`);
  });

  it('creates one notification per event even when concurrent quotes move the job at once', async () => {
    const job = await createJob(ctx, owner.user.id);
    const [first, second] = await Promise.all([
      plumber.agent.post('/api/quotes').send({ jobId: job.id, minTotal: 100, maxTotal: 200 }),
      otherPlumber.agent.post('/api/quotes').send({ jobId: job.id, minTotal: 110, maxTotal: 210 }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const rows = await notificationsOf(owner.user.id, job.id);
    expect(rows.map((row) => row.eventKey).sort()).toEqual(
      [`quote:${first.body.id}`, `quote:${second.body.id}`].sort(),
    );
  });

  it('notifies the hired plumber once when the same acceptance arrives twice at once', async () => {
    const job = await createJob(ctx, owner.user.id);
    const quoteId = await sendQuote(plumber, job.id);
    const accept = () => owner.agent.post(`/api/jobs/${job.id}/accept-quote`).send({ quoteId });
    const answers = await Promise.all([accept(), accept(), accept()]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect((await notificationsOf(plumber.user.id, job.id)).map((row) => row.kind)).toEqual([
      'quote_accepted',
    ]);
  });

  it('tells the hired plumber of the acceptance, the homeowner of progress, the plumbers of a cancellation', async () => {
    const job = await createJob(ctx, owner.user.id);
    const quoteId = await sendQuote(plumber, job.id);
    await sendQuote(otherPlumber, job.id);
    await acceptQuote(owner, job.id, quoteId);
    expect((await notificationsOf(plumber.user.id, job.id)).map((row) => row.kind)).toEqual([
      'quote_accepted',
    ]);
    expect(await notificationsOf(otherPlumber.user.id, job.id)).toEqual([]);

    expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
    expect((await setStatus(plumber, job.id, 'completed')).status).toBe(200);
    const ownerKinds = (await notificationsOf(owner.user.id, job.id)).map(
      (row) => `${row.kind}:${row.eventKey}`,
    );
    expect(ownerKinds).toContain(`status_changed:status:${job.id}:in_progress`);
    expect(ownerKinds).toContain(`status_changed:status:${job.id}:completed`);

    const receipt = await mailWithSubject(owner.user.email, 'Your Plumbline receipt');
    expect(receipt.text).toContain('Final amount: $300.');
    expect(receipt.text).toContain('licence M-12345, TX');

    const cancelled = await createJob(ctx, owner.user.id);
    await sendQuote(otherPlumber, cancelled.id);
    expect((await setStatus(owner, cancelled.id, 'cancelled')).status).toBe(200);
    expect((await notificationsOf(otherPlumber.user.id, cancelled.id)).map((row) => row.kind)).toEqual([
      'job_cancelled',
    ]);
  });

  it('tells vetted plumbers whose area holds a newly booked job, and nobody else', async () => {
    const pending = await registerPlumber(
      ctx,
      { zip: '80202', serviceRadiusKm: 30 },
      { vetting: 'submitted' },
    );
    const faraway = await registerPlumber(ctx, { zip: '78704', serviceRadiusKm: 10 });
    const booked = await owner.agent.post('/api/service-requests').send({
      name: 'Jordan Rivers',
      email: owner.user.email,
      phone: owner.user.phone,
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 3),
      urgency: 'routine',
      description: 'The kitchen sink drains very slowly and gurgles.',
      address: '1800 Wynkoop St, Denver, CO 80202',
    });
    expect(booked.status, booked.text).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, plumber.user.id), eq(notifications.kind, 'new_nearby_job')))
      .orderBy(notifications.createdAt);
    expect(row?.title).toBe('New job near you');
    const jobId = row!.jobId;
    expect(await notificationsOf(pending.user.id, jobId)).toEqual([]);
    expect(await notificationsOf(faraway.user.id, jobId)).toEqual([]);
  });

  it('marks read by id (only the owner’s) or all, and honours the mail preferences', async () => {
    const job = await createJob(ctx, owner.user.id);
    await sendQuote(plumber, job.id);
    const { body } = await owner.agent.get('/api/notifications');
    const mine = body.items[0].id as string;

    const foreign = await plumber.agent.post('/api/notifications/read').send({ ids: [mine] });
    expect(foreign.status).toBe(200);
    expect((await owner.agent.get('/api/notifications')).body.items[0].readAt).toBeNull();

    const read = await owner.agent.post('/api/notifications/read').send({ ids: [mine] });
    expect(read.status).toBe(200);
    expect(read.body.unreadCount).toBe(body.unreadCount - 1);
    const all = await owner.agent.post('/api/notifications/read').send({ all: true });
    expect(all.body).toEqual({ unreadCount: 0 });

    const bad = await owner.agent.post('/api/notifications/read').send({ ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');

    const quiet = await registerActor(ctx, 'homeowner');
    const defaults = await quiet.agent.get('/api/account/notifications');
    expect(defaults.body.email.new_quote).toBe(true);
    const off = await quiet.agent.patch('/api/account/notifications').send({ email: { new_quote: false } });
    expect(off.status).toBe(200);
    expect(off.body.email).toMatchObject({ new_quote: false, new_message: true });
    const empty = await quiet.agent.patch('/api/account/notifications').send({ email: {} });
    expect(empty.status).toBe(400);

    const quietJob = await createJob(ctx, quiet.user.id);
    await sendQuote(plumber, quietJob.id);
    const loudJob = await createJob(ctx, owner.user.id);
    await sendQuote(plumber, loudJob.id);
    // Sent after the quiet one: once it has arrived, the quiet one would have been delivered too.
    await waitForMail(ctx, owner.user.email, 1, (mail) =>
      mail.links.some((link) => link.includes(loudJob.id)),
    );
    expect(await notificationsOf(quiet.user.id, quietJob.id)).toHaveLength(1);
    expect(
      (await mailTo(ctx, quiet.user.email)).filter((m) => m.subject === 'New quote for your job'),
    ).toEqual([]);
  });

  it('needs a login', async () => {
    expect((await ctx.request.get('/api/notifications')).status).toBe(401);
    expect((await ctx.request.get('/api/account/notifications')).status).toBe(401);
  });
});

describe(`the job room (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows each viewer what that role may see, and the 404 to everyone else', async () => {
    const owner = await registerActor(ctx, 'homeowner');
    const stranger = await registerActor(ctx, 'homeowner');
    const hired = await registerPlumber(ctx);
    const prospective = await registerPlumber(ctx);
    const faraway = await registerPlumber(ctx, { zip: '78704', serviceRadiusKm: 10 });
    const admin = await loginAdmin(ctx);
    const job = await createJob(ctx, owner.user.id);

    const before = await prospective.agent.get(`/api/jobs/${job.id}`);
    expect(before.status).toBe(200);
    expect(before.body.viewer).toBe('prospective_plumber');
    expect(before.body.job.address).toBeNull();
    expect(before.body.job.area).toBe('Denver, CO 80202');
    expect(before.body.homeowner).toBeNull();
    expect(before.body.estimate.costBreakdown.issueSlug).toBe('clogged-drain');
    expect(JSON.stringify(before.body)).not.toContain(owner.user.phone);

    for (const outsider of [stranger, faraway]) {
      const res = await outsider.agent.get(`/api/jobs/${job.id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await ctx.request.get(`/api/jobs/${job.id}`)).status).toBe(401);
    expect((await owner.agent.get('/api/jobs/not-a-uuid')).status).toBe(400);

    const quoteId = await sendQuote(hired, job.id, 150, 300);
    await sendQuote(prospective, job.id, 160, 320);
    await acceptQuote(owner, job.id, quoteId);

    const ownerView = (await owner.agent.get(`/api/jobs/${job.id}`)).body;
    expect(ownerView.viewer).toBe('homeowner');
    expect(ownerView.quotes).toHaveLength(2);
    expect(ownerView.plumber.phone).toBe(hired.user.phone);
    expect(ownerView.timeline.map((entry: { status: string }) => entry.status)).toEqual([
      'requested',
      'quoted',
      'scheduled',
    ]);

    const hiredView = (await hired.agent.get(`/api/jobs/${job.id}`)).body;
    expect(hiredView.viewer).toBe('hired_plumber');
    expect(hiredView.homeowner).toEqual({ name: owner.user.name, phone: owner.user.phone });
    expect(hiredView.job.address).toBe(job.address);
    expect(hiredView.quotes).toHaveLength(1);

    // A plumber who quoted and lost keeps the limited view.
    const loser = (await prospective.agent.get(`/api/jobs/${job.id}`)).body;
    expect(loser.viewer).toBe('prospective_plumber');
    expect(loser.quotes.map((quote: { plumberId: string }) => quote.plumberId)).toEqual([
      prospective.plumberId,
    ]);
    expect(loser.plumber).toBeNull();

    expect((await admin.agent.get(`/api/jobs/${job.id}`)).body.viewer).toBe('admin');

    expect(ownerView.receipt).toBeNull();
    await setStatus(hired, job.id, 'in_progress');
    await setStatus(hired, job.id, 'completed', { finalAmount: 280 });
    const done = (await owner.agent.get(`/api/jobs/${job.id}`)).body;
    expect(done.finalAmount).toBe('280.00');
    expect(done.receipt).toMatchObject({
      finalAmount: '280.00',
      agreedMax: '300.00',
      quote: { minTotal: '150.00', maxTotal: '300.00' },
      plumber: { businessName: 'Test Plumbing Co.', licenseNumber: 'M-12345', licenseState: 'TX' },
    });
    expect((await prospective.agent.get(`/api/jobs/${job.id}`)).body.receipt).toBeNull();
  });
});
