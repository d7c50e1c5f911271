import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots, jobStatusEvents, jobs, serviceRequests } from '@shared/schema';
import { BOOKING_MESSAGES, type CreateServiceRequestInput } from '@shared/contracts/booking';
import { FIELD_MESSAGES } from '@shared/contracts/common';
import { dayFromTodayIn, wallClockIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { createLogger } from '../../lib/logger';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { startSlotScheduler } from './booking.scheduler';
import { BOOKING_SERVICE_MESSAGES } from './booking.service';

const PASSWORD = 'correct-horse-battery';
const AUSTIN_78704 = { lat: 30.24, lng: -97.76 };

/**
 * The date `offset` days from today on the app's clock (the test context runs with the default
 * APP_TIME_ZONE), whatever zone this process runs in.
 */
const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

let bookerCounter = 0;
/**
 * A booking by someone new: own e-mail, phone and street number, so the daily cap per e-mail,
 * phone and address (booking.cap.test.ts) never joins two tests' bookings.
 */
function bookingBody(overrides: Partial<CreateServiceRequestInput> = {}): CreateServiceRequestInput {
  bookerCounter += 1;
  return {
    name: 'Jordan Rivers',
    email: uniqueEmail('guest'),
    phone: `(512) 555-${String(bookerCounter).padStart(4, '0')}`,
    serviceType: 'Drain Cleaning',
    preferredDate: dayFromToday(3),
    urgency: 'routine',
    description: 'The kitchen sink drains very slowly and gurgles.',
    address: `${1000 + bookerCounter} S Congress Ave, Austin, TX 78704`,
    ...overrides,
  };
}

describe(`booking API (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let slotCounter = 0;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A fresh open slot of our own (no technician), so tests never share one. */
  async function insertSlot(date: string, startTime?: string) {
    slotCounter += 1;
    const pad = (value: number) => String(value).padStart(2, '0');
    const start = startTime ?? `${pad(8 + (slotCounter % 12))}:${pad(slotCounter % 60)}`;
    const [slot] = await ctx.database.db
      .insert(availabilitySlots)
      .values({ date, startTime: start, endTime: '23:59' })
      .returning();
    return slot;
  }

  async function homeowner() {
    const agent = ctx.agent();
    const email = uniqueEmail('owner');
    const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    // The profile step, which comes before a first job post.
    const profile = await agent.patch('/api/account').send({ name: 'Owen Homeowner', phone: '303 555 0142' });
    expect(profile.status).toBe(200);
    return { agent, id: res.body.id as string, email };
  }

  const requestsByEmail = (email: string) =>
    ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.email, email));
  const jobsOf = (customerId: string) =>
    ctx.database.db.select().from(jobs).where(eq(jobs.customerId, customerId));

  describe('GET /api/availability-slots', () => {
    it('lists the open slots of a day, by start time, with only id, date and times', async () => {
      const date = dayFromToday(5);
      const res = await ctx.request.get('/api/availability-slots').query({ date });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      for (const slot of res.body) {
        expect(Object.keys(slot).sort()).toEqual(['date', 'endTime', 'id', 'startTime']);
        expect(slot.date).toBe(date);
        expect(slot.startTime).toMatch(/^\d{2}:\d{2}$/);
      }
      const starts = res.body.map((slot: { startTime: string }) => slot.startTime);
      expect(starts).toEqual([...starts].sort());
      // Several technicians share a start time: the page shows '{n} slot(s) available'.
      expect(starts.filter((start: string) => start === starts[0]).length).toBeGreaterThan(1);
    });

    it('leaves out booked slots', async () => {
      const date = dayFromToday(6);
      const before = await ctx.request.get('/api/availability-slots').query({ date });
      const slotId = before.body[0].id as string;
      const booked = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: date, slotId }));
      expect(booked.status).toBe(201);
      const after = await ctx.request.get('/api/availability-slots').query({ date });
      expect(after.body).toHaveLength(before.body.length - 1);
      expect(after.body.map((slot: { id: string }) => slot.id)).not.toContain(slotId);
    });

    it('answers an empty list for a past date, even when it has open slots', async () => {
      const yesterday = dayFromToday(-1);
      await insertSlot(yesterday, '10:00');
      const res = await ctx.request.get('/api/availability-slots').query({ date: yesterday });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('lists only slots that have not started yet today', async () => {
      const today = dayFromToday(0);
      const started = await insertSlot(today, '00:00');
      // Read before asking: every slot listed starts after this time on the app's clock.
      const now = wallClockIn(DEFAULT_APP_TIME_ZONE).time;
      const res = await ctx.request.get('/api/availability-slots').query({ date: today });
      expect(res.status).toBe(200);
      expect(res.body.map((slot: { id: string }) => slot.id)).not.toContain(started.id);
      for (const slot of res.body) expect(slot.startTime > now).toBe(true);
    });

    it.each([
      ['a malformed date', { date: '2025-1-5' }],
      ['an impossible date', { date: '2025-02-30' }],
      ['no date', {}],
      ['a repeated date', 'date=2030-01-01&date=2030-01-02'],
    ])('refuses %s with 400 and the format message', async (_label, query) => {
      const res = await ctx.request.get('/api/availability-slots').query(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: BOOKING_MESSAGES.dateFormat });
    });
  });

  describe('POST /api/service-requests validation', () => {
    it.each([
      ['name', { name: 'J' }, BOOKING_MESSAGES.nameMin],
      ['email', { email: 'not-an-email' }, BOOKING_MESSAGES.emailInvalid],
      ['email', { email: '' }, BOOKING_MESSAGES.emailInvalid],
      ['phone', { phone: '555-0188' }, BOOKING_MESSAGES.phoneMin],
      ['phone', { phone: '512 555 0188 ext 4' }, FIELD_MESSAGES.phoneInvalid],
      ['serviceType', { serviceType: '' }, BOOKING_MESSAGES.serviceTypeRequired],
      ['serviceType', { serviceType: 'Roof Repair' }, BOOKING_MESSAGES.serviceTypeRequired],
      ['preferredDate', { preferredDate: '' }, BOOKING_MESSAGES.preferredDateRequired],
      ['preferredDate', { preferredDate: '2030-1-5' }, BOOKING_MESSAGES.dateFormat],
      ['urgency', { urgency: 'whenever' }, BOOKING_MESSAGES.urgencyInvalid],
      ['description', { description: 'Leaks.' }, BOOKING_MESSAGES.descriptionMin],
      ['description', { description: 'x'.repeat(5001) }, BOOKING_MESSAGES.descriptionMax],
      ['address', { address: 'Home' }, BOOKING_MESSAGES.addressRequired],
      ['address', { address: 'x'.repeat(301) }, BOOKING_MESSAGES.addressMax],
      ['slotId', { slotId: 'slot-1' }, BOOKING_MESSAGES.slotIdInvalid],
      ['issueSlug', { issueSlug: 'Not A Slug' }, FIELD_MESSAGES.issueSlug],
    ] as const)(
      'refuses a bad %s with 400, its message at the field, and stores nothing',
      async (path, override, message) => {
        const body = bookingBody(override as Partial<CreateServiceRequestInput>);
        const res = await ctx.request.post('/api/service-requests').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
        expect(res.body.details).toEqual([{ path, message }]);
        if (typeof body.email === 'string' && body.email.includes('@')) {
          expect(await requestsByEmail(body.email)).toHaveLength(0);
        }
      },
    );

    it('names every docs/product.md#validation message at its field for an empty form', async () => {
      const res = await ctx.request.post('/api/service-requests').send({
        name: '',
        email: '',
        phone: '',
        serviceType: '',
        preferredDate: '',
        urgency: 'routine',
        description: '',
        address: '',
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          { path: 'name', message: BOOKING_MESSAGES.nameMin },
          { path: 'email', message: BOOKING_MESSAGES.emailInvalid },
          { path: 'phone', message: BOOKING_MESSAGES.phoneMin },
          { path: 'serviceType', message: BOOKING_MESSAGES.serviceTypeRequired },
          { path: 'preferredDate', message: BOOKING_MESSAGES.preferredDateRequired },
          { path: 'description', message: BOOKING_MESSAGES.descriptionMin },
          { path: 'address', message: BOOKING_MESSAGES.addressRequired },
        ]),
      );
    });

    it.each([
      ['three days ago', -3],
      // The form judges "today" on the app's clock too, so there is no day of grace.
      ['yesterday on the app’s clock', -1],
    ])('refuses a preferred date in the past (%s)', async (_label, offset) => {
      const body = bookingBody({ preferredDate: dayFromToday(offset) });
      const res = await ctx.request.post('/api/service-requests').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: BOOKING_SERVICE_MESSAGES.preferredDatePast,
        details: [{ path: 'preferredDate', message: BOOKING_SERVICE_MESSAGES.preferredDatePast }],
      });
      expect(await requestsByEmail(body.email as string)).toHaveLength(0);
    });
  });

  describe('POST /api/service-requests as a guest', () => {
    it('stores a request without a slot, lower-cases the e-mail and posts no job', async () => {
      const email = uniqueEmail('Guest');
      const jobsBefore = await ctx.database.db.$count(jobs);
      const res = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ email: email.toUpperCase(), address: '12 Elm Street, Springfield' }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        email: email.toLowerCase(),
        status: 'pending',
        slot: null,
        jobId: null,
      });
      expect(res.body).not.toHaveProperty('userId');
      const [row] = await requestsByEmail(email.toLowerCase());
      expect(row).toMatchObject({ id: res.body.id, userId: null, technicianId: null, status: 'pending' });
      expect(await ctx.database.db.$count(jobs)).toBe(jobsBefore);
    });

    it('books a chosen slot in the same call and names its technician on the request', async () => {
      const date = dayFromToday(4);
      const [free] = (await ctx.request.get('/api/availability-slots').query({ date })).body;
      const res = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: date, slotId: free.id }));
      expect(res.status).toBe(201);
      expect(res.body.slot).toEqual(free);
      const [slot] = await ctx.database.db
        .select()
        .from(availabilitySlots)
        .where(eq(availabilitySlots.id, free.id));
      expect(slot).toMatchObject({ isBooked: 'true', serviceRequestId: res.body.id });
      const [request] = await ctx.database.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, res.body.id));
      expect(request.technicianId).toBe(slot.technicianId);
    });

    it('answers 409 with the form message and stores nothing when the slot is taken', async () => {
      const slot = await insertSlot(dayFromToday(8));
      const first = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: slot.date, slotId: slot.id }));
      expect(first.status).toBe(201);
      const late = bookingBody({ preferredDate: slot.date, slotId: slot.id });
      const res = await ctx.request.post('/api/service-requests').send(late);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'SLOT_TAKEN',
        error: 'That time was just booked — please pick another',
      });
      expect(await requestsByEmail(late.email as string)).toHaveLength(0);
    });

    it('answers 404 for an unknown slot and stores nothing', async () => {
      const body = bookingBody({ slotId: '00000000-0000-4000-8000-000000000000' });
      const res = await ctx.request.post('/api/service-requests').send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', error: BOOKING_SERVICE_MESSAGES.slotNotFound });
      expect(await requestsByEmail(body.email as string)).toHaveLength(0);
    });

    it('refuses a slot on another day than the preferred date', async () => {
      const slot = await insertSlot(dayFromToday(9));
      const res = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: dayFromToday(10), slotId: slot.id }));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { path: 'slotId', message: BOOKING_SERVICE_MESSAGES.slotOnOtherDate },
      ]);
    });

    it('refuses a slot that has already started', async () => {
      const slot = await insertSlot(dayFromToday(0), '00:00');
      const res = await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: slot.date, slotId: slot.id }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'SLOT_TAKEN', error: BOOKING_SERVICE_MESSAGES.slotPassed });
    });
  });

  describe('POST /api/service-requests as a logged-in homeowner ("Post a Job")', () => {
    it('posts the job with coordinates from the ZIP and its first status event, in one go with the slot', async () => {
      const owner = await homeowner();
      const date = dayFromToday(7);
      const [free] = (await owner.agent.get('/api/availability-slots').query({ date })).body;
      const body = bookingBody({ email: owner.email, preferredDate: date, slotId: free.id });
      const res = await owner.agent.post('/api/service-requests').send(body);
      expect(res.status).toBe(201);
      expect(res.body.jobId).toEqual(expect.any(String));

      const [request] = await ctx.database.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, res.body.id));
      expect(request.userId).toBe(owner.id);

      const [job] = await jobsOf(owner.id);
      expect(job).toMatchObject({
        id: res.body.jobId,
        customerId: owner.id,
        issueSlug: 'drain-cleaning',
        issueDescription: 'The kitchen sink drains very slowly and gurgles.',
        address: body.address,
        urgency: 'routine',
        preferredDate: date,
        currentStatus: 'requested',
        plumberId: null,
      });
      expect(Number(job.lat)).toBeCloseTo(AUSTIN_78704.lat, 1);
      expect(Number(job.lng)).toBeCloseTo(AUSTIN_78704.lng, 1);
      const events = await ctx.database.db
        .select()
        .from(jobStatusEvents)
        .where(eq(jobStatusEvents.jobId, job.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ status: 'requested' });
      expect(events[0].notes).toContain(`${free.date} at ${free.startTime}`);
    });

    it('flags an emergency and takes a handed-over catalogue issue', async () => {
      const owner = await homeowner();
      const res = await owner.agent.post('/api/service-requests').send(
        bookingBody({
          email: owner.email,
          serviceType: 'Emergency Repair',
          urgency: 'emergency',
          issueSlug: 'burst-pipe',
          address: '500 W 2nd St, Austin, TX 78701',
        }),
      );
      expect(res.status).toBe(201);
      const [job] = await jobsOf(owner.id);
      expect(job).toMatchObject({ urgency: 'emergency', issueSlug: 'burst-pipe' });
    });

    it('falls back to the service type when the handed-over issue is not in the catalogue', async () => {
      const owner = await homeowner();
      const res = await owner.agent
        .post('/api/service-requests')
        .send(bookingBody({ email: owner.email, serviceType: 'Other', issueSlug: 'no-such-issue' }));
      expect(res.status).toBe(201);
      const [job] = await jobsOf(owner.id);
      expect(job.issueSlug).toBe('general-plumbing');
    });

    it.each([
      ['no ZIP code', '12 Elm Street, Springfield'],
      ['an unknown ZIP code', '12 Elm Street, Nowhere 00000'],
    ])(
      'refuses an address with %s at the address field, storing neither request nor job',
      async (_label, address) => {
        const owner = await homeowner();
        const slot = await insertSlot(dayFromToday(11));
        const res = await owner.agent
          .post('/api/service-requests')
          .send(bookingBody({ email: owner.email, address, preferredDate: slot.date, slotId: slot.id }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: 'VALIDATION_ERROR',
          error: 'Add a valid US ZIP code to the address so nearby plumbers can find it',
          details: [
            {
              path: 'address',
              message: 'Add a valid US ZIP code to the address so nearby plumbers can find it',
            },
          ],
        });
        expect(await requestsByEmail(owner.email)).toHaveLength(0);
        expect(await jobsOf(owner.id)).toHaveLength(0);
        const [after] = await ctx.database.db
          .select()
          .from(availabilitySlots)
          .where(eq(availabilitySlots.id, slot.id));
        expect(after.isBooked).toBe('false');
      },
    );

    it('rolls the job back too when the slot was taken', async () => {
      const owner = await homeowner();
      const slot = await insertSlot(dayFromToday(12));
      await ctx.request
        .post('/api/service-requests')
        .send(bookingBody({ preferredDate: slot.date, slotId: slot.id }));
      const res = await owner.agent
        .post('/api/service-requests')
        .send(bookingBody({ email: owner.email, preferredDate: slot.date, slotId: slot.id }));
      expect(res.status).toBe(409);
      expect(await requestsByEmail(owner.email)).toHaveLength(0);
      expect(await jobsOf(owner.id)).toHaveLength(0);
    });

    it("stores a plumber's booking under their account but posts no job", async () => {
      const agent = ctx.agent();
      const email = uniqueEmail('plumber');
      const reg = await agent.post('/api/auth/register').send({ email, password: PASSWORD, role: 'plumber' });
      const res = await agent
        .post('/api/service-requests')
        .send(bookingBody({ email, address: 'No zip here at all' }));
      expect(res.status).toBe(201);
      expect(res.body.jobId).toBeNull();
      const [request] = await requestsByEmail(email);
      expect(request.userId).toBe(reg.body.id);
      expect(await jobsOf(reg.body.id)).toHaveLength(0);
    });
  });

  describe('POST /api/availability-slots/:id/book', () => {
    async function guestRequest(preferredDate: string) {
      const res = await ctx.request.post('/api/service-requests').send(bookingBody({ preferredDate }));
      expect(res.status).toBe(201);
      return res.body.id as string;
    }

    it('books a free slot for a request and names the technician on it', async () => {
      const date = dayFromToday(13);
      const [free] = (await ctx.request.get('/api/availability-slots').query({ date })).body;
      const requestId = await guestRequest(date);
      const res = await ctx.request
        .post(`/api/availability-slots/${free.id}/book`)
        .send({ serviceRequestId: requestId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(free);
      const [slot] = await ctx.database.db
        .select()
        .from(availabilitySlots)
        .where(eq(availabilitySlots.id, free.id));
      expect(slot).toMatchObject({ isBooked: 'true', serviceRequestId: requestId });
      const [request] = await ctx.database.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId));
      expect(request.technicianId).toBe(slot.technicianId);
    });

    it('answers 409 SLOT_TAKEN for a slot booked by another request', async () => {
      const slot = await insertSlot(dayFromToday(14));
      const first = await guestRequest(slot.date);
      const second = await guestRequest(slot.date);
      expect(
        (await ctx.request.post(`/api/availability-slots/${slot.id}/book`).send({ serviceRequestId: first }))
          .status,
      ).toBe(200);
      const res = await ctx.request
        .post(`/api/availability-slots/${slot.id}/book`)
        .send({ serviceRequestId: second });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'SLOT_TAKEN', error: BOOKING_SERVICE_MESSAGES.slotTaken });
    });

    it('refuses a second slot for a request that already holds one', async () => {
      const date = dayFromToday(15);
      const [a, b] = [await insertSlot(date), await insertSlot(date)];
      const requestId = await guestRequest(date);
      expect(
        (await ctx.request.post(`/api/availability-slots/${a.id}/book`).send({ serviceRequestId: requestId }))
          .status,
      ).toBe(200);
      const res = await ctx.request
        .post(`/api/availability-slots/${b.id}/book`)
        .send({ serviceRequestId: requestId });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'CONFLICT', error: BOOKING_SERVICE_MESSAGES.requestAlreadyBooked });
      const [after] = await ctx.database.db
        .select()
        .from(availabilitySlots)
        .where(eq(availabilitySlots.id, b.id));
      expect(after).toMatchObject({ isBooked: 'false', serviceRequestId: null });
    });

    it('answers 404 for an unknown slot or an unknown request', async () => {
      const slot = await insertSlot(dayFromToday(16));
      const requestId = await guestRequest(slot.date);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const noSlot = await ctx.request
        .post(`/api/availability-slots/${unknown}/book`)
        .send({ serviceRequestId: requestId });
      expect(noSlot.status).toBe(404);
      expect(noSlot.body).toEqual({ code: 'NOT_FOUND', error: BOOKING_SERVICE_MESSAGES.slotNotFound });
      const noRequest = await ctx.request
        .post(`/api/availability-slots/${slot.id}/book`)
        .send({ serviceRequestId: unknown });
      expect(noRequest.status).toBe(404);
      expect(noRequest.body).toEqual({ code: 'NOT_FOUND', error: BOOKING_SERVICE_MESSAGES.requestNotFound });
    });

    it('validates the slot id and the request id', async () => {
      const badSlot = await ctx.request
        .post('/api/availability-slots/not-a-uuid/book')
        .send({ serviceRequestId: '00000000-0000-4000-8000-000000000000' });
      expect(badSlot.status).toBe(400);
      expect(badSlot.body.error).toBe(FIELD_MESSAGES.invalidId);
      const slot = await insertSlot(dayFromToday(16));
      const badRequest = await ctx.request
        .post(`/api/availability-slots/${slot.id}/book`)
        .send({ serviceRequestId: 'x' });
      expect(badRequest.status).toBe(400);
      expect(badRequest.body.error).toBe(BOOKING_MESSAGES.serviceRequestIdInvalid);
    });

    it("refuses to book another account's request", async () => {
      const owner = await homeowner();
      const created = await owner.agent
        .post('/api/service-requests')
        .send(bookingBody({ email: owner.email }));
      const slot = await insertSlot(created.body.preferredDate);
      const res = await ctx.request
        .post(`/api/availability-slots/${slot.id}/book`)
        .send({ serviceRequestId: created.body.id });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      const mine = await owner.agent
        .post(`/api/availability-slots/${slot.id}/book`)
        .send({ serviceRequestId: created.body.id });
      expect(mine.status).toBe(200);
    });
  });

  describe('slot scheduler', () => {
    const startScheduler = (options: { now?: () => Date; days?: number } = {}) =>
      startSlotScheduler({
        db: ctx.database.db,
        logger: createLogger('silent'),
        timeZone: ctx.config.appTimeZone,
        intervalMs: 60 * 60 * 1000,
        ...options,
      });

    it('tops up the rolling window idempotently, leaving booked slots alone', async () => {
      const scheduler = startScheduler();
      try {
        // The first run lines the window up with the app's today (the test seed used this process's).
        await scheduler.runOnce();
        const date = dayFromToday(20);
        const [booked] = (await ctx.request.get('/api/availability-slots').query({ date })).body;
        await ctx.request
          .post('/api/service-requests')
          .send(bookingBody({ preferredDate: date, slotId: booked.id }));
        await ctx.database.db
          .delete(availabilitySlots)
          .where(and(eq(availabilitySlots.date, date), eq(availabilitySlots.isBooked, 'false')));
        expect((await ctx.request.get('/api/availability-slots').query({ date })).body).toEqual([]);

        const added = await scheduler.runOnce();
        expect(added).toBeGreaterThan(0);
        const slots = (await ctx.request.get('/api/availability-slots').query({ date })).body;
        expect(slots.length).toBe(added);
        expect(slots.map((slot: { id: string }) => slot.id)).not.toContain(booked.id);
        expect(await scheduler.runOnce()).toBe(0);
        // The last day of the 30-day window has slots too.
        expect(
          (await ctx.request.get('/api/availability-slots').query({ date: dayFromToday(29) })).body.length,
        ).toBeGreaterThan(0);
      } finally {
        await scheduler.stop();
      }
    });

    it.each([
      // 00:30 in Chicago is still the day before west of it (Honolulu: 19:30).
      ['just after midnight', '2031-06-10T05:30:00Z', '2031-06-10'],
      // 23:30 in Chicago is already the next day east of it (UTC 04:30, Kolkata 10:00, Kiritimati 18:30).
      ['just before midnight', '2031-06-12T04:30:00Z', '2031-06-11'],
    ])(
      'starts the window on the app’s date %s there, whatever this process’s zone',
      async (_label, instant, date) => {
        const scheduler = startScheduler({ now: () => new Date(instant), days: 1 });
        try {
          await scheduler.runOnce();
        } finally {
          await scheduler.stop();
        }
        const candidates = ['2031-06-09', '2031-06-10', '2031-06-11', '2031-06-12'];
        const rows = await ctx.database.db
          .selectDistinct({ date: availabilitySlots.date })
          .from(availabilitySlots)
          .where(inArray(availabilitySlots.date, candidates));
        // Clean up first, so the other case starts from nothing either way.
        await ctx.database.db.delete(availabilitySlots).where(inArray(availabilitySlots.date, candidates));
        expect(rows.map((row) => row.date)).toEqual([date]);
      },
    );
  });
});
