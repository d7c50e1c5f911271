import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateServiceRequestInput } from '@shared/contracts/booking';
import { GUEST_CONFIRMATION_MINUTES } from '@shared/contracts/booking';
import { dayFromTodayIn, instantOnClock } from '@shared/dates';
import { auditLog, availabilitySlots, jobs, serviceRequests } from '@shared/schema';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { tokenFromMail, tokenOfLink, waitForMail } from '../auth/account-tokens.fixtures';
import { loginAdmin, registerActor, registerPlumber, type Actor } from '../jobs/marketplace.fixtures';
import { bookingFixtures } from './booking.fixtures';
import { sweepLapsedBookings } from './booking.scheduler';
import { REQUEST_QUEUE_MESSAGES } from './request-queue.service';

const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);
const CANCELLED_SUBJECT = 'Your Plumbline booking was cancelled';

describe(`the admins' queue of service requests (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
    admin = await loginAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const { body, freshSlot } = bookingFixtures(() => ctx, {
    tag: 'queue',
    preferredDate: dayFromToday(8),
    urgency: 'urgent',
  });

  /** A guest's booking (no session) holding a fresh slot. */
  async function guestBooking(overrides: Partial<CreateServiceRequestInput> = {}) {
    const slot = await freshSlot();
    const booking = body({ preferredDate: slot.date, slotId: slot.id, ...overrides });
    const res = await ctx.request.post('/api/service-requests').send(booking);
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as string, slot, booking };
  }

  const patch = (id: string, change: object, agent = admin.agent) =>
    agent.patch(`/api/admin/service-requests/${id}`).send(change);
  const convert = (id: string, change: object = {}) =>
    admin.agent.post(`/api/admin/service-requests/${id}/convert`).send(change);
  const queue = async (status?: string) => {
    const res = await admin.agent.get('/api/admin/service-requests').query(status ? { status } : {});
    expect(res.status, res.text).toBe(200);
    return res.body as { id: string; [key: string]: unknown }[];
  };
  const requestRow = async (id: string) =>
    (await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
  const slotRow = async (id: string) =>
    (await ctx.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)))[0];
  const auditOf = (id: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'service_request'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
  /** The transaction that last wrote a row: rows written by one transaction share it. */
  const writtenBy = async (table: 'service_requests' | 'audit_log' | 'jobs', id: string) => {
    const { rows } = await ctx.database.pool.query<{ xmin: string }>(
      `select xmin::text as xmin from ${table} where id = $1`,
      [id],
    );
    return rows[0]?.xmin;
  };
  const openSlotIds = async (date: string) =>
    ((await ctx.request.get('/api/availability-slots').query({ date })).body as { id: string }[]).map(
      (slot) => slot.id,
    );
  /** A guest booking `minutes` older than it is: its confirmation deadline moves into the past. */
  const age = (id: string, minutes = GUEST_CONFIRMATION_MINUTES + 1) =>
    ctx.database.db
      .update(serviceRequests)
      .set({ confirmBy: sql`${serviceRequests.confirmBy} - make_interval(mins => ${minutes})` })
      .where(eq(serviceRequests.id, id));

  /** A homeowner whose e-mail is verified through the mailed link, as a real one would be. */
  async function verifiedHomeowner(): Promise<Actor> {
    const owner = await registerActor(ctx, 'homeowner');
    const token = await tokenFromMail(ctx, owner.user.email, '/verify-email');
    expect((await ctx.request.post('/api/auth/verify-email').send({ token })).status).toBe(200);
    return owner;
  }

  it('lists pending requests oldest first, with the contact, the slot, guest or account and the confirmation', async () => {
    const guest = await guestBooking();
    const owner = await registerActor(ctx, 'homeowner');
    const own = await owner.agent.post('/api/service-requests').send(body({ email: owner.user.email }));
    expect(own.status, own.text).toBe(201);
    expect(own.body.jobId).toEqual(expect.any(String));

    const pending = await queue();
    const ids = pending.map((row) => row.id);
    expect(ids.indexOf(guest.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(guest.id)).toBeLessThan(ids.indexOf(own.body.id));
    const created = pending.map((row) => Date.parse(row.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => a - b));

    expect(pending.find((row) => row.id === guest.id)).toMatchObject({
      name: guest.booking.name,
      phone: guest.booking.phone,
      email: guest.booking.email,
      address: guest.booking.address,
      urgency: 'urgent',
      description: guest.booking.description,
      slot: { date: guest.slot.date, startTime: guest.slot.startTime, endTime: guest.slot.endTime },
      status: 'pending',
      guest: true,
      confirmation: 'waiting',
      confirmBy: expect.any(String),
      adminNote: null,
      contactedAt: null,
      jobId: null,
    });
    // A homeowner's own booking posted its job at once: the request names it.
    expect(pending.find((row) => row.id === own.body.id)).toMatchObject({
      guest: false,
      confirmation: 'not_needed',
      confirmBy: null,
      slot: null,
      jobId: own.body.jobId,
    });

    expect((await queue('cancelled')).map((row) => row.id)).not.toContain(guest.id);
    const wrong = await admin.agent.get('/api/admin/service-requests').query({ status: 'done' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_ERROR');
  });

  it('confirms a guest booking on the phone: the release sweep leaves it and its slot alone', async () => {
    const confirmed = await guestBooking();
    const forgotten = await guestBooking();
    const token = tokenOfLink(
      (await waitForMail(ctx, confirmed.booking.email))[0],
      ctx.config.publicUrl,
      '/confirm-booking',
    );

    const res = await patch(confirmed.id, {
      status: 'confirmed',
      contacted: true,
      note: 'Called: they will be home all morning',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      confirmation: 'confirmed',
      adminNote: 'Called: they will be home all morning',
      contactedAt: expect.any(String),
    });

    // Both deadlines pass; the sweep runs: only the booking nobody confirmed is released.
    await age(confirmed.id);
    await age(forgotten.id);
    expect(await sweepLapsedBookings({ db: ctx.database.db })).toBeGreaterThanOrEqual(1);
    expect((await requestRow(forgotten.id)).status).toBe('cancelled');
    expect((await slotRow(forgotten.slot.id)).isBooked).toBe('false');
    expect((await requestRow(confirmed.id)).status).toBe('confirmed');
    expect(await slotRow(confirmed.slot.id)).toMatchObject({
      isBooked: 'true',
      serviceRequestId: confirmed.id,
    });
    expect(await openSlotIds(confirmed.slot.date)).not.toContain(confirmed.slot.id);
    // The mailed link is spent: the booking no longer waits for it.
    const late = await ctx.request.post('/api/service-requests/confirm').send({ token });
    expect(late.body.code).toBe('TOKEN_INVALID');

    const [entry] = await auditOf(confirmed.id);
    expect(entry).toMatchObject({
      action: 'service_request.confirm',
      actorEmail: admin.user.email,
      reason: 'Called: they will be home all morning',
      before: expect.objectContaining({ status: 'pending', contactedAt: null }),
      after: expect.objectContaining({
        status: 'confirmed',
        adminNote: 'Called: they will be home all morning',
      }),
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('records a call with a note, keeping the status; the audit row is written by the same transaction', async () => {
    const guest = await guestBooking();
    const before = Date.now();
    const res = await patch(guest.id, { contacted: true, note: '  Left a voicemail  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', adminNote: 'Left a voicemail' });
    expect(Date.parse(res.body.contactedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [entry] = await auditOf(guest.id);
    expect(entry).toMatchObject({ action: 'service_request.call', reason: 'Left a voicemail' });
    expect(await writtenBy('audit_log', entry.id)).toBe(await writtenBy('service_requests', guest.id));

    const again = await patch(guest.id, { note: 'Second try: no answer' });
    expect(again.status).toBe(200);
    expect(again.body.adminNote).toBe('Second try: no answer');
    expect((await auditOf(guest.id)).map((row) => row.action)).toEqual([
      'service_request.call',
      'service_request.note',
    ]);
  });

  it('cancels with a reason: the slot is free again and the requester is mailed why', async () => {
    const guest = await guestBooking();
    expect(await openSlotIds(guest.slot.date)).not.toContain(guest.slot.id);

    const noReason = await patch(guest.id, { status: 'cancelled' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Cancelling needs a reason for the requester');
    expect((await requestRow(guest.id)).status).toBe('pending');

    const reason = 'No technician is free that day; please pick another';
    const res = await patch(guest.id, { status: 'cancelled', cancellationReason: reason });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancellationReason: reason, slot: null });
    expect(await slotRow(guest.slot.id)).toMatchObject({ isBooked: 'false', serviceRequestId: null });
    expect(await openSlotIds(guest.slot.date)).toContain(guest.slot.id);

    const mails = await waitForMail(ctx, guest.booking.email, 2);
    const cancelled = mails.find((mail) => mail.subject === CANCELLED_SUBJECT);
    expect(cancelled?.text).toContain(reason);
    expect(cancelled?.text).toContain(`on ${guest.slot.date} at ${guest.slot.startTime}`);
    expect(cancelled?.links).toContain(`${ctx.config.publicUrl}/book`);

    const [entry] = await auditOf(guest.id);
    expect(entry).toMatchObject({
      action: 'service_request.cancel',
      reason,
      after: expect.objectContaining({ status: 'cancelled', cancellationReason: reason }),
    });
    expect(await writtenBy('audit_log', entry.id)).toBe(await writtenBy('service_requests', guest.id));
  });

  it('completes only a confirmed request; any other move is a 409 that changes nothing', async () => {
    const guest = await guestBooking();
    const refused = async (change: object, message: string) => {
      const before = await requestRow(guest.id);
      const audits = (await auditOf(guest.id)).length;
      const res = await patch(guest.id, change);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toEqual({ error: message, code: 'CONFLICT' });
      expect(await requestRow(guest.id)).toEqual(before);
      expect(await auditOf(guest.id)).toHaveLength(audits);
    };

    await refused({ status: 'completed' }, 'Confirm the request before completing it');
    await refused({ status: 'pending' }, 'This request is already pending');
    expect((await patch(guest.id, { status: 'confirmed' })).status).toBe(200);
    await refused({ status: 'confirmed' }, 'This request is already confirmed');
    await refused(
      { status: 'pending', note: 'back to the start' },
      'A confirmed request cannot go back to pending',
    );
    expect((await patch(guest.id, { status: 'completed' })).body.status).toBe('completed');
    await refused(
      { status: 'cancelled', cancellationReason: 'Too late for this' },
      'This request is completed: it cannot be changed to cancelled',
    );
    // The slot of a completed visit stays with it.
    expect((await slotRow(guest.slot.id)).serviceRequestId).toBe(guest.id);
    expect((await auditOf(guest.id)).map((row) => row.action)).toEqual([
      'service_request.confirm',
      'service_request.complete',
    ]);
  });

  it('refuses bad input with 400, an unknown request with 404, and everyone but admins', async () => {
    const guest = await guestBooking();
    for (const change of [
      {},
      { contacted: false },
      { note: '   ' },
      { status: 'confirmed', cancellationReason: 'not cancelling' },
      { status: 'done' },
    ]) {
      const res = await patch(guest.id, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await patch('not-a-uuid', { status: 'confirmed' })).status).toBe(400);
    const missing = await patch('00000000-0000-4000-8000-000000000000', { status: 'confirmed' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(REQUEST_QUEUE_MESSAGES.notFound);

    const homeowner = await registerActor(ctx, 'homeowner');
    expect((await patch(guest.id, { status: 'confirmed' }, homeowner.agent)).status).toBe(403);
    expect((await ctx.request.get('/api/admin/service-requests')).status).toBe(401);
    expect((await requestRow(guest.id)).status).toBe('pending');
  });

  it('converts a guest booking into a job of the verified account with that e-mail, once', async () => {
    const owner = await verifiedHomeowner();
    const guest = await guestBooking({
      email: owner.user.email.toUpperCase(),
      serviceType: 'Leak Detection',
    });
    expect((await requestRow(guest.id)).userId).toBeNull();

    const res = await convert(guest.id, { note: 'Called; happy for plumbers to quote' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      guest: false,
      confirmation: 'confirmed',
      jobId: expect.any(String),
      adminNote: 'Called; happy for plumbers to quote',
    });
    const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
    expect(job).toMatchObject({
      customerId: owner.user.id,
      issueSlug: 'leak-detection',
      issueDescription: guest.booking.description,
      address: guest.booking.address,
      urgency: 'urgent',
      preferredDate: guest.slot.date,
      currentStatus: 'requested',
    });
    // The slot read on the clock at the job's address, as a homeowner's own booking is.
    expect(job.requestedStartsAt).toEqual(
      instantOnClock(guest.slot.date, guest.slot.startTime, job.timeZone),
    );
    expect((await requestRow(guest.id)).userId).toBe(owner.user.id);
    const mine = await owner.agent.get('/api/jobs');
    expect(mine.body.map((item: { id: string }) => item.id)).toContain(job.id);

    const [entry] = await auditOf(guest.id);
    expect(entry).toMatchObject({
      action: 'service_request.convert',
      after: expect.objectContaining({ jobId: job.id, status: 'confirmed' }),
    });
    const transaction = await writtenBy('service_requests', guest.id);
    expect(await writtenBy('audit_log', entry.id)).toBe(transaction);
    expect(await writtenBy('jobs', job.id)).toBe(transaction);

    const again = await convert(guest.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(REQUEST_QUEUE_MESSAGES.alreadyConverted);
  });

  it('does not convert a guest without an account, an unverified or a plumber’s account, or a closed request', async () => {
    const jobCount = async () => (await ctx.database.db.select({ id: jobs.id }).from(jobs)).length;
    const refused = async (id: string, message: string) => {
      const jobsBefore = await jobCount();
      const before = await requestRow(id);
      const res = await convert(id);
      expect(res.status, res.text).toBe(409);
      expect(res.body.error).toBe(message);
      expect(await jobCount()).toBe(jobsBefore);
      expect(await requestRow(id)).toEqual(before);
      expect(await auditOf(id)).toEqual([]);
    };

    const stranger = await guestBooking();
    await refused(stranger.id, REQUEST_QUEUE_MESSAGES.guestWithoutAccount(stranger.booking.email));

    const unverified = await registerActor(ctx, 'homeowner');
    const byUnverified = await guestBooking({ email: unverified.user.email });
    await refused(byUnverified.id, REQUEST_QUEUE_MESSAGES.emailNotVerified(unverified.user.email));

    const plumber = await registerPlumber(ctx);
    const byPlumber = await plumber.agent
      .post('/api/service-requests')
      .send(body({ email: plumber.user.email }));
    expect(byPlumber.status).toBe(201);
    await refused(byPlumber.body.id, REQUEST_QUEUE_MESSAGES.notHomeowner('plumber'));

    const owner = await registerActor(ctx, 'homeowner');
    const own = await owner.agent.post('/api/service-requests').send(body({ email: owner.user.email }));
    await refused(own.body.id, REQUEST_QUEUE_MESSAGES.alreadyConverted);

    const cancelled = await guestBooking();
    expect(
      (await patch(cancelled.id, { status: 'cancelled', cancellationReason: 'Duplicate booking' })).status,
    ).toBe(200);
    const jobsBefore = await jobCount();
    const res = await convert(cancelled.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(REQUEST_QUEUE_MESSAGES.convertClosed('cancelled'));
    expect(await jobCount()).toBe(jobsBefore);
  });
});
