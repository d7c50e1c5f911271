import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, dayFromTodayIn, instantOnClock, wallClockIn, weekdayOf } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import {
  appointments,
  availabilitySlots,
  jobs,
  notifications,
  quotes,
  regions,
  rescheduleProposals,
  serviceRequests,
} from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import {
  listAllNearby,
  registerActor,
  registerPlumber,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';

/**
 * A job's times on its own clock (docs/decisions/018-time-zone.md, 029-appointments.md,
 * 030-calendar-files-and-reminders.md): the zone of the job's region, the plumber's working hours on
 * the zone of its service area. The app runs on Chicago time and the process (TZ=Asia/Kolkata) on
 * neither: New York, Phoenix and Los Angeles jobs must each be read, judged and shown in their own.
 */
describe(`times in the job's own zone (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let appZone: string;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    appZone = ctx.config.appTimeZone;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const NEW_YORK = 'America/New_York';
  const PHOENIX = 'America/Phoenix';
  const LOS_ANGELES = 'America/Los_Angeles';
  const PLACES = {
    newYork: { address: '350 W 31st St, New York, NY 10001', zip: '10001', zone: NEW_YORK },
    phoenix: { address: '200 W Washington St, Phoenix, AZ 85004', zip: '85004', zone: PHOENIX },
    losAngeles: { address: '200 N Spring St, Los Angeles, CA 90012', zip: '90012', zone: LOS_ANGELES },
    // Denver has no metro region: the national default's zone, which is the app's.
    denver: { address: '1701 Wynkoop St, Denver, CO 80202', zip: '80202', zone: null },
  } as const;
  type Place = (typeof PLACES)[keyof typeof PLACES];
  const zoneOf = (place: Place) => place.zone ?? appZone;

  const db = () => ctx.database.db;
  const windowOn = (day: string, start: string, end: string, zone: string) => ({
    startsAt: instantOnClock(day, start, zone).toISOString(),
    endsAt: instantOnClock(day, end, zone).toISOString(),
  });
  /** The first day at least `after` days from today (on `zone`'s clock) that falls on `weekday`. */
  const nextWeekday = (zone: string, weekday: number, after = 2) => {
    for (let days = after; days < after + 7; days++) {
      const day = dayFromTodayIn(zone, days);
      if (weekdayOf(day) === weekday) return day;
    }
    throw new Error('unreachable');
  };
  /** The next Sunday on which the clocks of the US change (the March or November one), found from the zone. */
  const nextClockChangeSunday = (zone: string) => {
    for (let days = 2; days < 400; days++) {
      const day = dayFromTodayIn(zone, days);
      const length =
        instantOnClock(addCalendarDays(day, 1), '00:00', zone).getTime() -
        instantOnClock(day, '00:00', zone).getTime();
      if (length !== 24 * 3_600_000) return day;
    }
    throw new Error('no clock change within a year');
  };

  let counter = 0;
  /** A logged-in homeowner's booking from /book at `place` (a slot when given): it posts a job. */
  async function bookJob(owner: Actor, place: Place, options: { day?: string; slotId?: string } = {}) {
    counter += 1;
    return owner.agent.post('/api/service-requests').send({
      name: 'Zoe Zone',
      email: owner.user.email,
      phone: `(512) 555-${String(counter).padStart(4, '0')}`,
      serviceType: 'Drain Cleaning',
      preferredDate: options.day ?? dayFromTodayIn(zoneOf(place), 3),
      urgency: 'routine',
      description: `The kitchen sink drains slowly (${place.zip}, ${counter}).`,
      address: place.address,
      ...(options.slotId ? { slotId: options.slotId } : {}),
    });
  }
  async function postJob(owner: Actor, place: Place): Promise<string> {
    const res = await bookJob(owner, place);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.jobId as string;
  }
  const insertSlot = async (date: string, startTime: string, endTime: string) =>
    (await db().insert(availabilitySlots).values({ date, startTime, endTime }).returning())[0];
  const jobRow = async (jobId: string) => (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0];
  const plumberAt = (place: Place) => registerPlumber(ctx, { zip: place.zip, serviceRadiusKm: 30 });
  const quoteWith = (plumber: Actor, jobId: string, appointment?: object) =>
    plumber.agent.post('/api/quotes').send({ jobId, minTotal: 150, maxTotal: 300, appointment });
  async function hire(owner: Actor, plumber: PlumberActor, jobId: string, window: object) {
    const quote = await quoteWith(plumber, jobId, window);
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const accepted = await owner.agent
      .post(`/api/jobs/${jobId}/accept-quote`)
      .send({ quoteId: quote.body.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  const everyDay = (start: string, end: string) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

  /** Mails queued to `to` (the queue's record: the test app delivers none). */
  const queuedMails = async (to: string) => {
    const { rows } = await ctx.database.pool.query<{
      data: { subject: string; text: string; attachments?: { content: string }[] };
    }>(`select data from pgboss.job where name = 'mail' and data->>'to' = $1 order by created_on`, [to]);
    return rows.map((row) => row.data);
  };
  /** A calendar file as a calendar app reads it: its VTIMEZONE registered, its one event. */
  function parseIcs(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vtimezones = calendar.getAllSubcomponents('vtimezone');
    for (const vtimezone of vtimezones) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    return {
      zones: vtimezones.map((zone) => zone.getFirstPropertyValue('tzid')),
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
      event: new ICAL.Event(vevent),
    };
  }

  describe('the regions', () => {
    it('each carry the zone of their metro; the national default the app’s', async () => {
      const rows = await db().select({ code: regions.code, timeZone: regions.timeZone }).from(regions);
      expect(Object.fromEntries(rows.map((row) => [row.code, row.timeZone]))).toEqual({
        US: appZone,
        NYC: NEW_YORK,
        SFO: LOS_ANGELES,
        LAX: LOS_ANGELES,
        CHI: 'America/Chicago',
        SEA: LOS_ANGELES,
        MIA: NEW_YORK,
        AUS: 'America/Chicago',
        DFW: 'America/Chicago',
        ATL: NEW_YORK,
        PHX: PHOENIX,
      });
    });
  });

  describe('a job’s zone', () => {
    it('is its region’s from the moment it is posted, and every job answer names it', async () => {
      const owner = await registerActor(ctx, 'homeowner');
      for (const place of Object.values(PLACES)) {
        const jobId = await postJob(owner, place);
        expect((await jobRow(jobId)).timeZone, place.zip).toBe(zoneOf(place));
        const room = await owner.agent.get(`/api/jobs/${jobId}`);
        expect(room.body.job.timeZone, place.zip).toBe(zoneOf(place));
      }
      const mine = await owner.agent.get('/api/jobs');
      expect(mine.body.map((job: { timeZone: string }) => job.timeZone).sort()).toEqual(
        Object.values(PLACES).map(zoneOf).sort(),
      );

      // The plumber's cards: nearby before the quote is accepted, assigned after.
      const plumber = await plumberAt(PLACES.phoenix);
      const phoenixJob = await postJob(owner, PLACES.phoenix);
      const nearby = await listAllNearby(plumber);
      expect(nearby.find((job) => job.id === phoenixJob)?.timeZone).toBe(PHOENIX);
      await hire(owner, plumber, phoenixJob, windowOn(dayFromTodayIn(PHOENIX, 4), '09:00', '11:00', PHOENIX));
      const assigned = await plumber.agent.get('/api/jobs/assigned');
      expect(assigned.body.find((job: { id: string }) => job.id === phoenixJob)?.timeZone).toBe(PHOENIX);
    });

    it('follows an admin’s correction of the region’s zone for the jobs posted after it', async () => {
      const owner = await registerActor(ctx, 'homeowner');
      const before = await postJob(owner, PLACES.losAngeles);
      await db().update(regions).set({ timeZone: 'America/Denver' }).where(eq(regions.code, 'LAX'));
      try {
        const after = await postJob(owner, PLACES.losAngeles);
        expect((await jobRow(after)).timeZone).toBe('America/Denver');
        // A posted job keeps the zone it was posted with.
        expect((await jobRow(before)).timeZone).toBe(LOS_ANGELES);
      } finally {
        await db().update(regions).set({ timeZone: LOS_ANGELES }).where(eq(regions.code, 'LAX'));
      }
    });
  });

  describe('a /book slot', () => {
    it('becomes the job’s requested window on the job’s clock: the same wall time in New York and Phoenix', async () => {
      const owner = await registerActor(ctx, 'homeowner');
      const day = dayFromTodayIn(appZone, 6);
      for (const place of [PLACES.newYork, PLACES.phoenix]) {
        const slot = await insertSlot(day, '08:00', '10:00');
        const res = await bookJob(owner, place, { day, slotId: slot.id });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const expected = windowOn(day, '08:00', '10:00', place.zone);
        const job = await jobRow(res.body.jobId);
        expect(job.requestedStartsAt?.toISOString()).toBe(expected.startsAt);
        expect(job.requestedEndsAt?.toISOString()).toBe(expected.endsAt);
        // Not the app's clock: 08:00 in Chicago is another instant.
        expect(expected.startsAt).not.toBe(windowOn(day, '08:00', '10:00', appZone).startsAt);
        const room = await owner.agent.get(`/api/jobs/${res.body.jobId}`);
        expect(room.body.requestedWindow).toEqual(expected);
        expect(formatWindowOnClock(room.body.requestedWindow, room.body.job.timeZone)).toMatch(
          place.zone === PHOENIX ? / · 8:00 AM – 10:00 AM MST$/ : / · 8:00 AM – 10:00 AM E[SD]T$/,
        );
      }
    });

    it('has already started for a New York job once it has there, though not yet in Chicago (409, nothing stored)', async () => {
      // Up to half an hour ago on New York's clock (today there): in Chicago, an hour behind, that wall
      // time is still ahead.
      const sinceMidnight =
        Date.now() - instantOnClock(dayFromTodayIn(NEW_YORK, 0), '00:00', NEW_YORK).getTime();
      const ago = Math.min(30 * 60_000, sinceMidnight - 60_000);
      if (ago <= 0) return; // the first minute of New York's day has no earlier slot to book
      const clock = wallClockIn(NEW_YORK, new Date(Date.now() - ago));
      const endsAt = wallClockIn(NEW_YORK, new Date(Date.now() + 60 * 60_000));
      const end = endsAt.date === clock.date ? endsAt.time : '23:59';
      const started = await insertSlot(clock.date, clock.time, end);
      const owner = await registerActor(ctx, 'homeowner');
      const requestsBefore = await db().$count(serviceRequests);
      const jobsBefore = await db().$count(jobs);

      const refused = await bookJob(owner, PLACES.newYork, { day: clock.date, slotId: started.id });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body).toEqual({
        error: 'That time has already passed — please pick another',
        code: 'SLOT_TAKEN',
      });
      expect(await db().$count(serviceRequests)).toBe(requestsBefore);
      expect(await db().$count(jobs)).toBe(jobsBefore);

      // A guest's booking is the business's, on the app's clock: there the slot is still ahead.
      const guest = await ctx.request.post('/api/service-requests').send({
        name: 'Gus Guest',
        email: `guest.${Date.now()}@example.test`,
        phone: '(512) 555-0142',
        serviceType: 'Drain Cleaning',
        preferredDate: clock.date,
        urgency: 'routine',
        description: 'The kitchen sink drains very slowly and gurgles.',
        address: PLACES.newYork.address,
        slotId: started.id,
      });
      expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    });
  });

  describe('working hours', () => {
    it('are kept on the plumber’s own clock: its service area’s, the app’s before it has one', async () => {
      const nowhere = await registerPlumber(ctx, null, { vetting: 'none' });
      expect((await nowhere.agent.get('/api/plumbers/me/availability')).body.timeZone).toBe(appZone);
      const newYorker = await plumberAt(PLACES.newYork);
      const saved = await newYorker.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: everyDay('09:00', '17:00'), daysOff: [] });
      expect(saved.status).toBe(200);
      expect(saved.body.timeZone).toBe(NEW_YORK);
    });

    it('judge a quote’s window in the plumber’s zone: 8:00 in New York is refused (422, nothing stored), 9:00 accepted', async () => {
      const plumber = await plumberAt(PLACES.newYork);
      await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: everyDay('09:00', '17:00'), daysOff: [] })
        .expect(200);
      const owner = await registerActor(ctx, 'homeowner');
      const jobId = await postJob(owner, PLACES.newYork);
      const day = dayFromTodayIn(NEW_YORK, 3);

      const early = await quoteWith(plumber, jobId, windowOn(day, '08:00', '10:00', NEW_YORK));
      expect(early.status).toBe(422);
      expect(early.body.code).toBe('APPOINTMENT_UNAVAILABLE');
      expect(early.body.error).toContain(`09:00–17:00 (${NEW_YORK} time)`);
      expect(await db().select().from(quotes).where(eq(quotes.jobId, jobId))).toEqual([]);

      // 09:00–11:00 in New York is 08:00–10:00 in Chicago: the app's clock would have refused it.
      const inHours = await quoteWith(plumber, jobId, windowOn(day, '09:00', '11:00', NEW_YORK));
      expect(inHours.status, JSON.stringify(inHours.body)).toBe(201);
    });

    it('judge the plumber’s reschedule in its zone too: outside them nothing is proposed (422)', async () => {
      const plumber = await plumberAt(PLACES.losAngeles);
      const owner = await registerActor(ctx, 'homeowner');
      const jobId = await postJob(owner, PLACES.losAngeles);
      await hire(
        owner,
        plumber,
        jobId,
        windowOn(dayFromTodayIn(LOS_ANGELES, 3), '10:00', '12:00', LOS_ANGELES),
      );
      await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: everyDay('08:00', '12:00'), daysOff: [] })
        .expect(200);
      const day = dayFromTodayIn(LOS_ANGELES, 5);
      const [appointment] = await db().select().from(appointments).where(eq(appointments.jobId, jobId));
      const proposalsOf = () =>
        db().select().from(rescheduleProposals).where(eq(rescheduleProposals.appointmentId, appointment.id));
      // 06:00–08:00 in Los Angeles is 08:00–10:00 in Chicago: inside the hours only on the app's clock.
      const early = await plumber.agent
        .post(`/api/jobs/${jobId}/reschedule`)
        .send(windowOn(day, '06:00', '08:00', LOS_ANGELES));
      expect(early.status).toBe(422);
      expect(early.body.code).toBe('APPOINTMENT_UNAVAILABLE');
      expect(early.body.error).toContain(`08:00–12:00 (${LOS_ANGELES} time)`);
      expect(await proposalsOf()).toEqual([]);
      // 10:00–12:00 there is 12:00–14:00 in Chicago: inside the hours only on the plumber's clock.
      const inHours = await plumber.agent
        .post(`/api/jobs/${jobId}/reschedule`)
        .send(windowOn(day, '10:00', '12:00', LOS_ANGELES));
      expect(inHours.status, JSON.stringify(inHours.body)).toBe(201);
      expect(await proposalsOf()).toHaveLength(1);
    });
  });

  describe('a booked New York appointment', () => {
    let owner: Actor;
    let plumber: PlumberActor;
    let jobId: string;
    const day = () => nextWeekday(NEW_YORK, 2, 3);

    beforeAll(async () => {
      owner = await registerActor(ctx, 'homeowner');
      plumber = await plumberAt(PLACES.newYork);
      jobId = await postJob(owner, PLACES.newYork);
      await hire(owner, plumber, jobId, windowOn(day(), '09:00', '11:00', NEW_YORK));
    });

    it('is on the schedule with its job’s zone', async () => {
      const list = await plumber.agent.get('/api/plumbers/me/appointments');
      expect(list.body).toEqual([
        expect.objectContaining({
          jobId,
          timeZone: NEW_YORK,
          ...windowOn(day(), '09:00', '11:00', NEW_YORK),
        }),
      ]);
    });

    it('is mailed to both sides on the job’s clock, with a calendar file in its zone', async () => {
      const mails = (await queuedMails(owner.user.email)).filter((mail) =>
        mail.subject.startsWith('Appointment booked'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toMatch(/9:00\s?–\s?11:00\sAM E[SD]T/);
      const file = parseIcs(mails[0].attachments![0].content);
      expect(file.tzid).toBe(NEW_YORK);
      expect(file.zones).toEqual([NEW_YORK]);
      expect(file.event.startDate.toString()).toBe(`${day()}T09:00:00`);
      expect(file.event.startDate.toJSDate().toISOString()).toBe(
        windowOn(day(), '09:00', '11:00', NEW_YORK).startsAt,
      );

      const download = await plumber.agent.get(`/api/jobs/${jobId}/appointment.ics`);
      expect(download.status).toBe(200);
      const downloaded = parseIcs(download.text);
      expect(downloaded.tzid).toBe(NEW_YORK);
      expect(downloaded.event.endDate.toString()).toBe(`${day()}T11:00:00`);
    });

    it('tells the other side of a proposed time on the job’s clock, with its abbreviation', async () => {
      const next = windowOn(addCalendarDays(day(), 1), '13:00', '15:00', NEW_YORK);
      const proposed = await plumber.agent.post(`/api/jobs/${jobId}/reschedule`).send(next);
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
      const [note] = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'appointment')));
      expect(note.body).toContain(formatWindowOnClock(next, NEW_YORK));
      expect(note.body).toMatch(/ · 1:00 PM – 3:00 PM E[SD]T\./);
    });
  });

  describe('across the Sunday the clocks change', () => {
    it('a New York window over the change lasts what its wall times say, and reads so everywhere', async () => {
      const sunday = nextClockChangeSunday(NEW_YORK);
      const owner = await registerActor(ctx, 'homeowner');
      const plumber = await plumberAt(PLACES.newYork);
      const jobId = await postJob(owner, PLACES.newYork);
      const window = windowOn(sunday, '01:00', '04:00', NEW_YORK);
      const hours = (Date.parse(window.endsAt) - Date.parse(window.startsAt)) / 3_600_000;
      // Spring forward: an hour of the night never happens; fall back: one happens twice.
      expect([2, 4]).toContain(hours);
      await hire(owner, plumber, jobId, window);

      const [card] = (await owner.agent.get('/api/jobs')).body;
      expect(card.appointment).toMatchObject(window);
      expect(formatWindowOnClock(card.appointment, card.timeZone)).toMatch(
        hours === 2 ? / · 1:00 AM EST – 4:00 AM EDT$/ : / · 1:00 AM EDT – 4:00 AM EST$/,
      );
      const file = parseIcs((await owner.agent.get(`/api/jobs/${jobId}/appointment.ics`)).text);
      expect(file.tzid).toBe(NEW_YORK);
      expect(file.event.startDate.toString()).toBe(`${sunday}T01:00:00`);
      expect(file.event.endDate.toString()).toBe(`${sunday}T04:00:00`);
      expect(file.event.startDate.toJSDate().toISOString()).toBe(window.startsAt);
      expect(file.event.endDate.toJSDate().toISOString()).toBe(window.endsAt);
    });

    it('a Phoenix job keeps its hours and MST: its working hours hold on that Sunday as on any other', async () => {
      const sunday = nextClockChangeSunday(NEW_YORK);
      const owner = await registerActor(ctx, 'homeowner');
      const plumber = await plumberAt(PLACES.phoenix);
      await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: [{ weekday: 0, start: '09:00', end: '17:00' }], daysOff: [] })
        .expect(200);
      const jobId = await postJob(owner, PLACES.phoenix);
      const window = windowOn(sunday, '09:00', '11:00', PHOENIX);
      // Arizona keeps UTC−7 all year.
      expect(window.startsAt).toBe(`${sunday}T16:00:00.000Z`);
      const tooEarly = await quoteWith(plumber, jobId, windowOn(sunday, '08:00', '10:00', PHOENIX));
      expect(tooEarly.status).toBe(422);
      await hire(owner, plumber, jobId, window);

      const [card] = (await owner.agent.get('/api/jobs')).body;
      expect(card.timeZone).toBe(PHOENIX);
      expect(formatWindowOnClock(card.appointment, card.timeZone)).toMatch(/ · 9:00 AM – 11:00 AM MST$/);
      const file = parseIcs((await plumber.agent.get(`/api/jobs/${jobId}/appointment.ics`)).text);
      expect(file.tzid).toBe(PHOENIX);
      expect(file.event.startDate.toString()).toBe(`${sunday}T09:00:00`);
      expect(file.event.startDate.toJSDate().toISOString()).toBe(window.startsAt);
      const mails = await queuedMails(owner.user.email);
      expect(mails.find((mail) => mail.subject.startsWith('Appointment booked'))?.text).toMatch(
        /9:00\s?–\s?11:00\sAM MST/,
      );
    });
  });
});
