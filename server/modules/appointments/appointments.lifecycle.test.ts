import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn, weekdayOf } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import {
  appointments,
  availabilitySlots,
  jobStatusEvents,
  jobs,
  notifications,
  quotes,
  rescheduleProposals,
} from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import {
  createJob,
  registerActor,
  registerPlumber,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';

/** Docs: docs/decisions/029-appointments.md, "Reschedule and cancel". */
describe(`appointment lifecycle (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let zone: string;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    zone = ctx.config.appTimeZone;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The instant of `time` (HH:MM) on `day` on the app's clock, as UTC ISO. */
  const at = (day: string, time: string) => {
    const [year, month, date] = day.split('-').map(Number);
    const [hours, minutes] = time.split(':').map(Number);
    return new Date(new TZDate(year, month - 1, date, hours, minutes, zone).getTime()).toISOString();
  };
  const windowOf = (day: string, start: string, end: string) => ({
    startsAt: at(day, start),
    endsAt: at(day, end),
  });
  const db = () => ctx.database.db;
  const appointmentOf = async (jobId: string) =>
    (await db().select().from(appointments).where(eq(appointments.jobId, jobId)))[0];
  const jobRow = async (jobId: string) => (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0];
  const appointmentNotes = (userId: string, jobId: string) =>
    db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.jobId, jobId),
          eq(notifications.kind, 'appointment'),
        ),
      );

  interface Booked {
    owner: Actor;
    plumber: PlumberActor;
    jobId: string;
    window: { startsAt: string; endsAt: string };
  }

  /** A job whose quote with `window` was accepted: the appointment is booked. */
  async function bookedJob(
    window: { startsAt: string; endsAt: string },
    plumber?: PlumberActor,
  ): Promise<Booked> {
    const hired = plumber ?? (await registerPlumber(ctx));
    const owner = await registerActor(ctx, 'homeowner');
    const job = await createJob(ctx, owner.user.id);
    const quote = await hired.agent
      .post('/api/quotes')
      .send({ jobId: job.id, minTotal: 150, maxTotal: 300, appointment: window });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const accepted = await owner.agent
      .post(`/api/jobs/${job.id}/accept-quote`)
      .send({ quoteId: quote.body.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return { owner, plumber: hired, jobId: job.id, window };
  }

  it('a logged-in booking with a slot gives the job its requested window, shown in the lists and the room', async () => {
    const owner = await registerActor(ctx, 'homeowner');
    const day = dayFromTodayIn(zone, 9);
    const [slot] = await db()
      .insert(availabilitySlots)
      .values({ date: day, startTime: '09:30', endTime: '11:00' })
      .returning();
    const res = await owner.agent.post('/api/service-requests').send({
      name: 'Wanda Window',
      email: owner.user.email,
      phone: '(512) 555-0199',
      serviceType: 'Drain Cleaning',
      preferredDate: day,
      urgency: 'routine',
      description: 'The kitchen sink drains very slowly and gurgles.',
      address: '1500 S Congress Ave, Austin, TX 78704',
      slotId: slot.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const expected = windowOf(day, '09:30', '11:00');
    const job = await jobRow(res.body.jobId);
    expect(job.requestedStartsAt?.toISOString()).toBe(expected.startsAt);
    expect(job.requestedEndsAt?.toISOString()).toBe(expected.endsAt);

    const mine = await owner.agent.get('/api/jobs');
    const listed = mine.body.find((entry: { id: string }) => entry.id === job.id);
    expect(listed).toMatchObject({ requestedWindow: expected, appointment: null });
    const room = await owner.agent.get(`/api/jobs/${job.id}`);
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({ requestedWindow: expected, appointment: null });

    // Without a slot there is no requested window.
    const bare = await createJob(ctx, owner.user.id);
    expect((await owner.agent.get(`/api/jobs/${bare.id}`)).body.requestedWindow).toBeNull();
  });

  it('the homeowner proposes, the plumber accepts: the appointment moves, sequence + 1, both sides told', async () => {
    const day = dayFromTodayIn(zone, 4);
    const { owner, plumber, jobId } = await bookedJob(windowOf(day, '10:00', '12:00'));
    const next = windowOf(dayFromTodayIn(zone, 5), '14:00', '16:00');

    const proposed = await owner.agent.post(`/api/jobs/${jobId}/reschedule`).send(next);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toEqual({ id: expect.any(String), proposedBy: 'homeowner', ...next });
    const toPlumber = await appointmentNotes(plumber.user.id, jobId);
    expect(toPlumber.map((note) => note.title)).toEqual(['A new time is proposed for your appointment']);
    // The window as the pages show it, on the job's clock (a Denver ZIP has no metro: the app's zone).
    expect(toPlumber[0].body).toContain(formatWindowOnClock(next, zone));
    expect(toPlumber[0].body).toMatch(/ · 2:00 PM – 4:00 PM C[SD]T\./);

    const room = await plumber.agent.get(`/api/jobs/${jobId}`);
    expect(room.body.appointment).toEqual({
      ...windowOf(day, '10:00', '12:00'),
      status: 'booked',
      sequence: 0,
      lateCancellation: false,
      pendingProposal: proposed.body,
    });
    const assigned = await plumber.agent.get('/api/jobs/assigned');
    expect(assigned.body.find((job: { id: string }) => job.id === jobId).appointment.pendingProposal).toEqual(
      proposed.body,
    );

    // The proposer cannot answer its own proposal; strangers are told the job does not exist.
    const own = await owner.agent.post(`/api/jobs/${jobId}/reschedule/${proposed.body.id}/accept`);
    expect(own.status).toBe(403);
    const stranger = await registerActor(ctx, 'homeowner');
    const otherPlumber = await registerPlumber(ctx);
    for (const actor of [stranger, otherPlumber]) {
      expect(
        (await actor.agent.post(`/api/jobs/${jobId}/reschedule/${proposed.body.id}/accept`)).status,
      ).toBe(404);
      expect((await actor.agent.post(`/api/jobs/${jobId}/reschedule`).send(next)).status).toBe(404);
      expect(
        (await actor.agent.post(`/api/jobs/${jobId}/appointment/cancel`).send({ reason: 'Not mine' })).status,
      ).toBe(404);
    }

    const accepted = await plumber.agent.post(`/api/jobs/${jobId}/reschedule/${proposed.body.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({
      ...next,
      status: 'booked',
      sequence: 1,
      lateCancellation: false,
      pendingProposal: null,
    });
    const row = await appointmentOf(jobId);
    expect(row.startsAt.toISOString()).toBe(next.startsAt);
    expect(row.sequence).toBe(1);
    const toOwner = await appointmentNotes(owner.user.id, jobId);
    expect(toOwner.map((note) => note.title)).toEqual(['Your appointment was moved']);
    // Accepted once: a second answer finds it closed.
    expect(
      (await plumber.agent.post(`/api/jobs/${jobId}/reschedule/${proposed.body.id}/decline`)).status,
    ).toBe(409);
  });

  it('the plumber proposes, a new proposal replaces it, the homeowner declines: nothing moves', async () => {
    const day = dayFromTodayIn(zone, 6);
    const { owner, plumber, jobId, window } = await bookedJob(windowOf(day, '08:00', '09:00'));
    const first = await plumber.agent
      .post(`/api/jobs/${jobId}/reschedule`)
      .send(windowOf(day, '11:00', '12:00'));
    expect(first.status).toBe(201);
    const second = await plumber.agent
      .post(`/api/jobs/${jobId}/reschedule`)
      .send(windowOf(day, '13:00', '14:00'));
    expect(second.status).toBe(201);
    const rows = await db()
      .select()
      .from(rescheduleProposals)
      .where(eq(rescheduleProposals.appointmentId, (await appointmentOf(jobId)).id));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [first.body.id]: 'withdrawn',
      [second.body.id]: 'pending',
    });
    expect((await owner.agent.post(`/api/jobs/${jobId}/reschedule/${first.body.id}/accept`)).status).toBe(
      409,
    );
    expect((await plumber.agent.post(`/api/jobs/${jobId}/reschedule/${second.body.id}/decline`)).status).toBe(
      403,
    );

    const declined = await owner.agent.post(`/api/jobs/${jobId}/reschedule/${second.body.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ ...window, sequence: 0, pendingProposal: null });
    const row = await appointmentOf(jobId);
    expect(row.startsAt.toISOString()).toBe(window.startsAt);
    expect(row.sequence).toBe(0);
    const toPlumber = await appointmentNotes(plumber.user.id, jobId);
    expect(toPlumber.map((note) => note.title)).toEqual(['Your proposed time was declined']);
    expect((await appointmentNotes(owner.user.id, jobId)).length).toBe(2);
  });

  it("refuses the plumber's proposal outside its working hours (422) and stores nothing", async () => {
    const plumber = await registerPlumber(ctx);
    const day = dayFromTodayIn(zone, 8);
    const weekday = weekdayOf(day);
    const hours = await plumber.agent
      .put('/api/plumbers/me/availability')
      .send({ weeklyHours: [{ weekday, start: '08:00', end: '12:00' }], daysOff: [] });
    expect(hours.status).toBe(200);
    const { owner, jobId } = await bookedJob(windowOf(day, '09:00', '10:00'), plumber);

    const refused = await plumber.agent
      .post(`/api/jobs/${jobId}/reschedule`)
      .send(windowOf(day, '15:00', '16:00'));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('APPOINTMENT_UNAVAILABLE');
    const appointment = await appointmentOf(jobId);
    expect(
      await db()
        .select()
        .from(rescheduleProposals)
        .where(eq(rescheduleProposals.appointmentId, appointment.id)),
    ).toEqual([]);
    expect(await appointmentNotes(owner.user.id, jobId)).toEqual([]);
    // The homeowner's wish is not held to the plumber's hours: the plumber decides.
    expect(
      (await owner.agent.post(`/api/jobs/${jobId}/reschedule`).send(windowOf(day, '15:00', '16:00'))).status,
    ).toBe(201);
  });

  it("accepting a time over another of the plumber's booked appointments is refused (409), nothing moved", async () => {
    const day = dayFromTodayIn(zone, 10);
    const first = await bookedJob(windowOf(day, '08:00', '10:00'));
    const second = await bookedJob(windowOf(day, '12:00', '14:00'), first.plumber);

    // The plumber's own proposal over its other appointment is refused at once.
    const own = await first.plumber.agent
      .post(`/api/jobs/${first.jobId}/reschedule`)
      .send(windowOf(day, '13:00', '15:00'));
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('APPOINTMENT_CONFLICT');

    const proposed = await first.owner.agent
      .post(`/api/jobs/${first.jobId}/reschedule`)
      .send(windowOf(day, '13:00', '15:00'));
    expect(proposed.status).toBe(201);
    const refused = await first.plumber.agent.post(
      `/api/jobs/${first.jobId}/reschedule/${proposed.body.id}/accept`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('APPOINTMENT_CONFLICT');
    const row = await appointmentOf(first.jobId);
    expect(row.startsAt.toISOString()).toBe(first.window.startsAt);
    expect(row.sequence).toBe(0);
    const [proposal] = await db()
      .select()
      .from(rescheduleProposals)
      .where(eq(rescheduleProposals.id, proposed.body.id));
    expect(proposal.status).toBe('pending');
    expect((await appointmentOf(second.jobId)).startsAt.toISOString()).toBe(second.window.startsAt);
    expect(await appointmentNotes(first.owner.user.id, first.jobId)).toEqual([]);
  });

  it('the homeowner cancels in good time: free, the job is cancelled with who and why, the plumber told', async () => {
    const { owner, plumber, jobId } = await bookedJob(windowOf(dayFromTodayIn(zone, 5), '09:00', '10:00'));
    const pending = await plumber.agent
      .post(`/api/jobs/${jobId}/reschedule`)
      .send(windowOf(dayFromTodayIn(zone, 5), '11:00', '12:00'));
    expect(pending.status).toBe(201);

    expect(
      (await owner.agent.post(`/api/jobs/${jobId}/appointment/cancel`).send({ reason: 'no' })).status,
    ).toBe(400);
    const res = await owner.agent
      .post(`/api/jobs/${jobId}/appointment/cancel`)
      .send({ reason: 'The leak fixed itself' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      sequence: 1,
      lateCancellation: false,
      pendingProposal: null,
    });
    const row = await appointmentOf(jobId);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'homeowner',
      cancellationReason: 'The leak fixed itself',
      lateCancellation: false,
    });
    expect((await jobRow(jobId)).currentStatus).toBe('cancelled');
    const events = await db().select().from(jobStatusEvents).where(eq(jobStatusEvents.jobId, jobId));
    expect(events.find((event) => event.status === 'cancelled')?.notes).toBe(
      'Appointment cancelled by the homeowner: The leak fixed itself',
    );
    const [proposal] = await db()
      .select()
      .from(rescheduleProposals)
      .where(eq(rescheduleProposals.id, pending.body.id));
    expect(proposal.status).toBe('withdrawn');
    const toPlumber = await appointmentNotes(plumber.user.id, jobId);
    expect(toPlumber.map((note) => note.title)).toEqual(['Your appointment was cancelled']);
    expect(toPlumber[0].body).toContain('The leak fixed itself');
    // Nothing left to cancel.
    expect(
      (await plumber.agent.post(`/api/jobs/${jobId}/appointment/cancel`).send({ reason: 'Again' })).status,
    ).toBe(409);
  });

  it('the plumber cancels late: recorded and shown, the job reopens for quotes and can be booked again', async () => {
    const start = new Date(Date.now() + 3 * 3_600_000);
    start.setUTCSeconds(0, 0);
    const window = {
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
    };
    const { owner, plumber, jobId } = await bookedJob(window);

    const res = await plumber.agent
      .post(`/api/jobs/${jobId}/appointment/cancel`)
      .send({ reason: 'Van broke down' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', sequence: 1, lateCancellation: true });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ currentStatus: 'requested', plumberId: null });
    const jobQuotes = await db().select().from(quotes).where(eq(quotes.jobId, jobId));
    expect(jobQuotes.map((quote) => quote.status)).toEqual(['declined']);
    const toOwner = await appointmentNotes(owner.user.id, jobId);
    expect(toOwner.map((note) => note.title)).toEqual(['Your appointment was cancelled at short notice']);
    const room = await owner.agent.get(`/api/jobs/${jobId}`);
    expect(room.body.appointment).toMatchObject({ status: 'cancelled', lateCancellation: true });
    expect(room.body.timeline.at(-1).notes).toBe(
      'Appointment cancelled by the plumber (late: under 24 hours before it): Van broke down',
    );

    // Another plumber quotes and is hired: the job's one appointment row is booked again.
    const next = windowOf(dayFromTodayIn(zone, 3), '10:00', '11:00');
    const other = await registerPlumber(ctx);
    const quote = await other.agent
      .post('/api/quotes')
      .send({ jobId, minTotal: 100, maxTotal: 200, appointment: next });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const accepted = await owner.agent
      .post(`/api/jobs/${jobId}/accept-quote`)
      .send({ quoteId: quote.body.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const row = await appointmentOf(jobId);
    expect(row).toMatchObject({
      plumberId: other.plumberId,
      status: 'booked',
      sequence: 2,
      lateCancellation: null,
      cancelledBy: null,
    });
    expect(row.startsAt.toISOString()).toBe(next.startsAt);
  });
});
