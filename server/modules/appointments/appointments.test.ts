import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn, weekdayOf } from '@shared/dates';
import { appointments, jobs, plumberAvailability, quotes } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import {
  createJob,
  registerActor,
  registerPlumber,
  sendQuote,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';

/** Docs: docs/decisions/029-appointments.md. */
describe(`appointments (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let zone: string;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    zone = ctx.config.appTimeZone;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The first day at least `after` days from today (app's clock) that falls on `weekday`. */
  const nextWeekday = (weekday: number, after = 2) => {
    for (let days = after; days < after + 7; days++) {
      const day = dayFromTodayIn(zone, days);
      if (weekdayOf(day) === weekday) return day;
    }
    throw new Error('unreachable');
  };
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

  const quoteWithWindow = (plumber: Actor, jobId: string, appointment: object) =>
    plumber.agent.post('/api/quotes').send({ jobId, minTotal: 150, maxTotal: 300, appointment });

  const quotesOf = (jobId: string) => ctx.database.db.select().from(quotes).where(eq(quotes.jobId, jobId));
  const jobRow = async (jobId: string) =>
    (await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0];

  describe('availability', () => {
    let plumber: PlumberActor;
    beforeAll(async () => {
      plumber = await registerPlumber(ctx);
    });

    it('starts empty, is replaced as a whole and read back in order', async () => {
      const empty = await plumber.agent.get('/api/plumbers/me/availability');
      expect(empty.status).toBe(200);
      // A plumber in Denver (no metro region: the national default's zone, the app's).
      expect(empty.body).toEqual({ timeZone: zone, weeklyHours: [], daysOff: [] });

      const put = await plumber.agent.put('/api/plumbers/me/availability').send({
        weeklyHours: [
          { weekday: 2, start: '13:00', end: '17:30' },
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 2, start: '08:00', end: '12:00' },
          { weekday: 6, start: '20:00', end: '24:00' },
        ],
        daysOff: ['2030-12-25', '2030-01-01', '2030-12-25'],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const expected = {
        timeZone: zone,
        weeklyHours: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 2, start: '08:00', end: '12:00' },
          { weekday: 2, start: '13:00', end: '17:30' },
          { weekday: 6, start: '20:00', end: '24:00' },
        ],
        daysOff: ['2030-01-01', '2030-12-25'],
      };
      expect(put.body).toEqual(expected);
      expect((await plumber.agent.get('/api/plumbers/me/availability')).body).toEqual(expected);

      const cleared = await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: [], daysOff: [] });
      expect(cleared.body).toEqual({ timeZone: zone, weeklyHours: [], daysOff: [] });
      const rows = await ctx.database.db
        .select()
        .from(plumberAvailability)
        .where(eq(plumberAvailability.plumberId, plumber.plumberId));
      expect(rows).toEqual([]);
    });

    it.each(
      (
        [
          [{ weeklyHours: [{ weekday: 7, start: '08:00', end: '12:00' }], daysOff: [] }, 'Weekday must be'],
          [{ weeklyHours: [{ weekday: 1, start: '8am', end: '12:00' }], daysOff: [] }, 'Start time must be'],
          [{ weeklyHours: [{ weekday: 1, start: '08:00', end: '24:30' }], daysOff: [] }, 'End time must be'],
          [
            { weeklyHours: [{ weekday: 1, start: '12:00', end: '08:00' }], daysOff: [] },
            'End time must be after',
          ],
          [
            {
              weeklyHours: [
                { weekday: 1, start: '08:00', end: '12:00' },
                { weekday: 1, start: '11:00', end: '15:00' },
              ],
              daysOff: [],
            },
            'cannot overlap',
          ],
          [{ weeklyHours: [], daysOff: ['2030-02-30'] }, 'YYYY-MM-DD'],
          [
            { weeklyHours: [], daysOff: Array.from({ length: 367 }, () => '2030-01-01') },
            'At most 366 days off',
          ],
          [{ daysOff: [] }, 'Weekly hours must be a list'],
        ] as const
      ).map(([body, message]) => [message, body] as const),
    )('refuses a body with the message "%s" (400) and keeps what was stored', async (message, body) => {
      await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({ weeklyHours: [{ weekday: 3, start: '09:00', end: '10:00' }], daysOff: [] })
        .expect(200);
      const res = await plumber.agent.put('/api/plumbers/me/availability').send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.error).toContain(message);
      expect((await plumber.agent.get('/api/plumbers/me/availability')).body.weeklyHours).toEqual([
        { weekday: 3, start: '09:00', end: '10:00' },
      ]);
    });

    it('is the plumber’s own: a homeowner is refused (403)', async () => {
      const owner = await registerActor(ctx, 'homeowner');
      expect((await owner.agent.get('/api/plumbers/me/availability')).status).toBe(403);
      expect(
        (await owner.agent.put('/api/plumbers/me/availability').send({ weeklyHours: [], daysOff: [] }))
          .status,
      ).toBe(403);
      expect((await owner.agent.get('/api/plumbers/me/appointments')).status).toBe(403);
    });
  });

  describe('proposing a window in a quote', () => {
    let plumber: PlumberActor;
    let owner: Actor;
    let monday: string;
    let dayOff: string;
    beforeAll(async () => {
      plumber = await registerPlumber(ctx);
      owner = await registerActor(ctx, 'homeowner');
      monday = nextWeekday(1);
      dayOff = nextWeekday(1, 9);
      await plumber.agent
        .put('/api/plumbers/me/availability')
        .send({
          weeklyHours: [
            { weekday: 1, start: '08:00', end: '12:00' },
            { weekday: 1, start: '13:00', end: '17:00' },
          ],
          daysOff: [dayOff],
        })
        .expect(200);
    });

    it('accepts a window inside the working hours and shows it on the quote', async () => {
      const job = await createJob(ctx, owner.user.id);
      const window = windowOf(monday, '09:00', '11:00');
      const res = await quoteWithWindow(plumber, job.id, window);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.appointment).toEqual(window);
      const listed = await owner.agent.get(`/api/quotes/job/${job.id}`);
      expect(listed.body[0].appointment).toEqual(window);
      const [row] = await quotesOf(job.id);
      expect(row.proposedStartsAt?.toISOString()).toBe(window.startsAt);
      expect(row.proposedEndsAt?.toISOString()).toBe(window.endsAt);
    });

    it('a quote without a window has none', async () => {
      const job = await createJob(ctx, owner.user.id);
      await sendQuote(plumber, job.id);
      expect((await owner.agent.get(`/api/quotes/job/${job.id}`)).body[0].appointment).toBeNull();
    });

    it.each([
      ['across the lunch break', () => windowOf(monday, '11:00', '14:00'), 'outside your working hours'],
      [
        'before the day starts',
        () => windowOf(monday, '07:00', '09:00'),
        'on Mondays you work 08:00–12:00, 13:00–17:00',
      ],
      [
        'on a day without hours',
        () => windowOf(nextWeekday(0), '09:00', '11:00'),
        'you do not work on Sundays',
      ],
      [
        'on a day off',
        () => windowOf(dayOff, '09:00', '11:00'),
        () => `falls on ${dayOff}, one of your days off`,
      ],
    ])('refuses a window %s (422) and stores nothing', async (_case, window, message) => {
      const job = await createJob(ctx, owner.user.id);
      const res = await quoteWithWindow(plumber, job.id, window());
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe('APPOINTMENT_UNAVAILABLE');
      expect(res.body.error).toContain(typeof message === 'function' ? message() : message);
      expect(await quotesOf(job.id)).toEqual([]);
      expect((await jobRow(job.id)).currentStatus).toBe('requested');
    });

    it('with no weekly hours set, any future window is accepted (days off still count)', async () => {
      const free = await registerPlumber(ctx);
      const job = await createJob(ctx, owner.user.id);
      const res = await quoteWithWindow(free, job.id, windowOf(nextWeekday(0), '05:30', '17:30'));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });

    it.each([
      [
        'in the past',
        () => ({ startsAt: '2020-01-01T10:00:00Z', endsAt: '2020-01-01T11:00:00Z' }),
        'must start in the future',
      ],
      ['ending before it starts', () => windowOf(monday, '11:00', '10:00'), 'must end after it starts'],
      [
        'longer than 12 hours',
        () => ({ startsAt: at(monday, '06:00'), endsAt: at(monday, '18:01') }),
        'at most 12 hours',
      ],
      [
        'without a zone',
        () => ({ startsAt: `${monday}T09:00:00`, endsAt: `${monday}T10:00:00` }),
        'with its time zone',
      ],
    ])('refuses a window %s (400)', async (_case, window, message) => {
      const job = await createJob(ctx, owner.user.id);
      const res = await quoteWithWindow(plumber, job.id, window());
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await quotesOf(job.id)).toEqual([]);
    });
  });

  describe('booking on acceptance', () => {
    it('books the window, lists it, and refuses an overlapping quote afterwards (409)', async () => {
      const plumber = await registerPlumber(ctx);
      const owner = await registerActor(ctx, 'homeowner');
      const day = dayFromTodayIn(zone, 3);
      const window = windowOf(day, '10:00', '12:00');
      const job = await createJob(ctx, owner.user.id, { issueSlug: 'water-heater-repair' });
      const quote = await quoteWithWindow(plumber, job.id, window);
      expect(quote.status).toBe(201);
      const accepted = await owner.agent
        .post(`/api/jobs/${job.id}/accept-quote`)
        .send({ quoteId: quote.body.id });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.quote.appointment).toEqual(window);

      const list = await plumber.agent.get('/api/plumbers/me/appointments');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          jobId: job.id,
          ...window,
          status: 'booked',
          timeZone: zone,
          issueSlug: 'water-heater-repair',
          area: 'Denver, CO 80202',
        },
      ]);
      const narrowed = await plumber.agent
        .get('/api/plumbers/me/appointments')
        .query({ from: dayFromTodayIn(zone, 4), to: dayFromTodayIn(zone, 10) });
      expect(narrowed.body).toEqual([]);
      const onTheDay = await plumber.agent.get('/api/plumbers/me/appointments').query({ from: day, to: day });
      expect(onTheDay.body.map((entry: { jobId: string }) => entry.jobId)).toEqual([job.id]);
      const backwards = await plumber.agent
        .get('/api/plumbers/me/appointments')
        .query({ from: day, to: dayFromTodayIn(zone, 1) });
      expect(backwards.status).toBe(400);
      expect(backwards.body.error).toBe('The end date cannot be before the start date');

      // Touching is not overlapping: [12:00, 13:00) follows [10:00, 12:00).
      const next = await createJob(ctx, owner.user.id);
      expect((await quoteWithWindow(plumber, next.id, windowOf(day, '12:00', '13:00'))).status).toBe(201);
      const clash = await createJob(ctx, owner.user.id);
      const refused = await quoteWithWindow(plumber, clash.id, windowOf(day, '11:30', '12:30'));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: 'APPOINTMENT_CONFLICT',
        error:
          'You already have a booked appointment that overlaps this time. Choose another window for this quote.',
      });
      expect(await quotesOf(clash.id)).toEqual([]);
    });

    const PAIRS = 5;
    it(`${PAIRS} pairs of jobs quoted by one plumber for the same windows, all accepted at once: one appointment per window`, async () => {
      const plumber = await registerPlumber(ctx);
      const pairs = await Promise.all(
        Array.from({ length: PAIRS }, async (_, i) => {
          const day = dayFromTodayIn(zone, 5 + i);
          // Every other pair overlaps only in part; the others propose the very same window.
          const windows = [
            windowOf(day, '09:00', '11:00'),
            windowOf(day, i % 2 ? '10:00' : '09:00', '11:00'),
          ];
          const sides = [];
          for (const window of windows) {
            const owner = await registerActor(ctx, 'homeowner');
            const job = await createJob(ctx, owner.user.id);
            const quote = await quoteWithWindow(plumber, job.id, window);
            expect(quote.status, JSON.stringify(quote.body)).toBe(201);
            sides.push({ owner, jobId: job.id, quoteId: quote.body.id as string, window });
          }
          return sides;
        }),
      );

      const attempts = pairs.flat();
      const results = await Promise.all(
        attempts.map((side) =>
          side.owner.agent.post(`/api/jobs/${side.jobId}/accept-quote`).send({ quoteId: side.quoteId }),
        ),
      );

      for (let pair = 0; pair < PAIRS; pair++) {
        const outcomes = [results[pair * 2], results[pair * 2 + 1]];
        const statuses = outcomes.map((res) => res.status).sort();
        expect(statuses, JSON.stringify(outcomes.map((res) => res.body))).toEqual([200, 409]);
        const loserIndex = outcomes[0].status === 409 ? 0 : 1;
        expect(outcomes[loserIndex].body).toEqual({
          code: 'APPOINTMENT_CONFLICT',
          error:
            'The plumber is no longer free at that time: another appointment was booked first. Nothing was accepted — ask the plumber for a new time or choose another quote.',
        });
        const [winner, loser] = [pairs[pair][1 - loserIndex], pairs[pair][loserIndex]];
        expect(await jobRow(loser.jobId)).toMatchObject({ currentStatus: 'quoted', plumberId: null });
        expect((await quotesOf(loser.jobId)).map((quote) => quote.status)).toEqual(['pending']);
        expect(
          await ctx.database.db.select().from(appointments).where(eq(appointments.jobId, loser.jobId)),
        ).toEqual([]);
        expect(await jobRow(winner.jobId)).toMatchObject({
          currentStatus: 'scheduled',
          plumberId: plumber.plumberId,
        });
      }
      const booked = await ctx.database.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.plumberId, plumber.plumberId), eq(appointments.status, 'booked')));
      expect(booked).toHaveLength(PAIRS);

      const list = await plumber.agent.get('/api/plumbers/me/appointments');
      expect(list.body).toHaveLength(PAIRS);
    });

    it('the exclusion constraint refuses an overlapping booked appointment written directly', async () => {
      const plumber = await registerPlumber(ctx);
      const owner = await registerActor(ctx, 'homeowner');
      const [first, second] = [await createJob(ctx, owner.user.id), await createJob(ctx, owner.user.id)];
      const day = dayFromTodayIn(zone, 20);
      const values = {
        plumberId: plumber.plumberId,
        startsAt: new Date(at(day, '09:00')),
        endsAt: new Date(at(day, '10:00')),
      };
      await ctx.database.db.insert(appointments).values({ ...values, jobId: first.id });
      await expect(
        ctx.database.db.insert(appointments).values({ ...values, jobId: second.id }),
      ).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'appointments_no_overlap_ex' } });
      // A cancelled appointment holds nothing.
      await ctx.database.db
        .update(appointments)
        .set({ status: 'cancelled' })
        .where(eq(appointments.jobId, first.id));
      await ctx.database.db.insert(appointments).values({ ...values, jobId: second.id });
    });
  });
});
