import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import supertest from 'supertest';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@shared/contracts/auth';
import { dayFromTodayIn, instantOnClock } from '@shared/dates';
import { createErrorHandler } from '../../lib/error-handler';
import { createJobQueue, type JobQueue } from '../../lib/job-queue';
import { createLogger } from '../../lib/logger';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { createMailService } from '../mail';
import {
  cancelAppointment,
  insertBookedAppointment,
  moveAppointment,
  readAppointment,
  type BookedAppointment,
} from './appointments.calendar.fixtures';
import {
  APPOINTMENT_REMINDER_QUEUE,
  appointmentUid,
  createAppointmentCalendarService,
  createAppointmentReminders,
  createAppointmentCalendarRouter,
  REMINDER_LEAD_MS,
  reminderJobId,
  type AppointmentCalendarService,
  type AppointmentReminders,
} from './calendar.index';

/**
 * Day-before reminders and appointment mail on the job queue, with a worker that delivers to the
 * developer mailbox (docs/decisions/030-calendar-files-and-reminders.md).
 */
describe(`appointment reminders and calendar files (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let jobQueue: JobQueue;
  let built: { calendar: AppointmentCalendarService; reminders: AppointmentReminders };
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    ctx = await createTestContext();
    // The app does not build the calendar yet: a queue of the test's own, working jobs, on the app's pool.
    const logger = createLogger('silent');
    jobQueue = createJobQueue({
      pool: ctx.database.pool,
      logger,
      options: { deliver: true, pollingIntervalSeconds: 0.5 },
    });
    const mail = createMailService({ db: ctx.database.db, jobQueue, config: ctx.config, logger });
    const reminders = createAppointmentReminders({
      db: ctx.database.db,
      jobQueue,
      mail,
      config: ctx.config,
      logger,
    });
    const calendar = createAppointmentCalendarService({
      db: ctx.database.db,
      mail,
      reminders,
      config: ctx.config,
    });
    built = { calendar, reminders };
    await jobQueue.start();
  }, 60_000);
  afterAll(async () => {
    await jobQueue?.stop();
    await ctx?.close();
  });

  const pool = () => ctx.database.pool;

  /** Mails queued to `to`, whatever their state: the queue's record of what was sent. */
  const queuedMails = async (to: string) => {
    const { rows } = await pool().query<{
      data: { subject: string; text: string; attachments?: { contentType: string }[] };
    }>(`select data from pgboss.job where name = 'mail' and data->>'to' = $1 order by created_on`, [to]);
    return rows.map((row) => row.data);
  };
  const reminderJobs = async (appointmentId: string) => {
    const { rows } = await pool().query<{ id: string; state: string; start_after: Date }>(
      `select id, state, start_after from pgboss.job where name = $1 and data->>'appointmentId' = $2`,
      [APPOINTMENT_REMINDER_QUEUE, appointmentId],
    );
    return rows;
  };
  const kept = async (to: string) => {
    const { rows } = await pool().query<{ subject: string; text_body: string }>(
      `select subject, text_body from mailbox_messages where to_address = $1`,
      [to],
    );
    return rows;
  };
  async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await sleep(200);
    }
  }
  const windowFromNow = (offsetMs: number) => ({
    startsAt: new Date(Date.now() + offsetMs),
    endsAt: new Date(Date.now() + offsetMs + 2 * HOUR),
  });

  it('mails one reminder to each party 24 hours before, however often it was scheduled', async () => {
    // The reminder falls due two seconds from now.
    const booked = await insertBookedAppointment(ctx.database.db, windowFromNow(REMINDER_LEAD_MS + 2_000));
    const row = await readAppointment(ctx.database.db, booked.id);
    await ctx.database.db.transaction((tx) => built.reminders.scheduleReminder(tx, row));
    await ctx.database.db.transaction((tx) => built.reminders.scheduleReminder(tx, row));

    const jobs = await reminderJobs(booked.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].id).toBe(reminderJobId(booked.id, 0));
    expect(jobs[0].start_after.getTime()).toBe(row.startsAt.getTime() - REMINDER_LEAD_MS);

    await waitFor(
      async () =>
        (await kept(booked.homeowner.email)).length > 0 && (await kept(booked.plumber.email)).length > 0,
    );
    await waitFor(async () => (await reminderJobs(booked.id))[0].state === 'completed');
    expect((await kept(booked.homeowner.email)).map((m) => m.subject)).toEqual([
      'Reminder: Leaky Faucet tomorrow',
    ]);
    expect((await kept(booked.plumber.email)).map((m) => m.subject)).toEqual([
      'Reminder: Leaky Faucet tomorrow',
    ]);
    // Scheduled again once it ran: the queue still holds that job, nothing is added.
    await ctx.database.db.transaction((tx) => built.reminders.scheduleReminder(tx, row));
    expect(await reminderJobs(booked.id)).toHaveLength(1);
    expect(await queuedMails(booked.homeowner.email)).toHaveLength(1);
  }, 30_000);

  /** Runs the handler on one attempt, as the worker would, recording whether it completed the job. */
  async function remindDirectly(booked: BookedAppointment, sequence: number) {
    let completed = 0;
    await built.reminders.remind({
      id: reminderJobId(booked.id, sequence),
      data: { appointmentId: booked.id, sequence },
      attempt: 1,
      completeIn: async () => {
        completed += 1;
      },
    });
    return completed;
  }

  it("does nothing for a moved appointment's old reminder, and reminds of the new time once", async () => {
    const booked = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
    const sequence = await moveAppointment(ctx.database.db, booked.id, windowFromNow(4 * REMINDER_LEAD_MS));
    expect(sequence).toBe(1);

    expect(await remindDirectly(booked, 0)).toBe(1);
    expect(await queuedMails(booked.homeowner.email)).toEqual([]);
    expect(await queuedMails(booked.plumber.email)).toEqual([]);

    expect(await remindDirectly(booked, 1)).toBe(1);
    expect((await queuedMails(booked.homeowner.email)).map((m) => m.subject)).toEqual([
      'Reminder: Leaky Faucet tomorrow',
    ]);
    expect(await queuedMails(booked.plumber.email)).toHaveLength(1);
  });

  it("reminds each party on the job's clock: a Phoenix job in MST, whatever the app's zone", async () => {
    const PHOENIX = 'America/Phoenix';
    const day = dayFromTodayIn(PHOENIX, 3);
    const booked = await insertBookedAppointment(
      ctx.database.db,
      { startsAt: instantOnClock(day, '09:00', PHOENIX), endsAt: instantOnClock(day, '11:00', PHOENIX) },
      { address: '200 W Washington St, Phoenix, AZ 85004', timeZone: PHOENIX },
    );
    expect(await remindDirectly(booked, 0)).toBe(1);
    for (const to of [booked.homeowner.email, booked.plumber.email]) {
      const [reminder] = await queuedMails(to);
      expect(reminder.text).toMatch(/9:00\s?–\s?11:00\sAM MST/);
    }
  });

  it('does nothing for a cancelled appointment, nor for one that has started', async () => {
    const cancelled = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
    await cancelAppointment(ctx.database.db, cancelled.id);
    expect(await remindDirectly(cancelled, 0)).toBe(1);
    expect(await remindDirectly(cancelled, 1)).toBe(1);
    expect(await queuedMails(cancelled.homeowner.email)).toEqual([]);

    const started = await insertBookedAppointment(ctx.database.db, windowFromNow(-HOUR));
    expect(await remindDirectly(started, 0)).toBe(1);
    expect(await queuedMails(started.homeowner.email)).toEqual([]);
  });

  it('rolls the reminder back with its attempt when the attempt no longer holds the job', async () => {
    const booked = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
    await expect(
      built.reminders.remind({
        id: reminderJobId(booked.id, 0),
        data: { appointmentId: booked.id, sequence: 0 },
        attempt: 1,
        completeIn: () => Promise.reject(new Error('the claim lapsed')),
      }),
    ).rejects.toThrow('the claim lapsed');
    expect(await queuedMails(booked.homeowner.email)).toEqual([]);
  });

  it('queues no reminder for a cancelled appointment or one less than a day away', async () => {
    const soon = await insertBookedAppointment(ctx.database.db, windowFromNow(REMINDER_LEAD_MS - HOUR));
    const cancelled = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
    await cancelAppointment(ctx.database.db, cancelled.id);
    await ctx.database.db.transaction(async (tx) => {
      await built.reminders.scheduleReminder(tx, await readAppointment(tx, soon.id));
      await built.reminders.scheduleReminder(tx, await readAppointment(tx, cancelled.id));
    });
    expect(await reminderJobs(soon.id)).toEqual([]);
    expect(await reminderJobs(cancelled.id)).toEqual([]);
  });

  it('mails both parties the file when booked, moved and cancelled, and schedules each new reminder', async () => {
    const booked = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
    await ctx.database.db.transaction((tx) => built.calendar.appointmentChanged(tx, booked.id, 'booked'));
    await moveAppointment(ctx.database.db, booked.id, windowFromNow(4 * REMINDER_LEAD_MS));
    await ctx.database.db.transaction((tx) => built.calendar.appointmentChanged(tx, booked.id, 'moved'));
    await cancelAppointment(ctx.database.db, booked.id);
    await ctx.database.db.transaction((tx) => built.calendar.appointmentChanged(tx, booked.id, 'cancelled'));

    for (const to of [booked.homeowner.email, booked.plumber.email]) {
      const mails = await queuedMails(to);
      expect(mails.map((m) => m.subject)).toEqual([
        'Appointment booked: Leaky Faucet',
        'Appointment moved: Leaky Faucet',
        'Appointment cancelled: Leaky Faucet',
      ]);
      expect(mails.map((m) => m.attachments?.[0].contentType)).toEqual([
        'text/calendar; charset=utf-8; method=REQUEST',
        'text/calendar; charset=utf-8; method=REQUEST',
        'text/calendar; charset=utf-8; method=CANCEL',
      ]);
    }
    expect((await reminderJobs(booked.id)).map((job) => job.id).sort()).toEqual(
      [reminderJobId(booked.id, 0), reminderJobId(booked.id, 1)].sort(),
    );
    // The developer mailbox keeps no file, but says one was attached.
    await waitFor(async () => (await kept(booked.plumber.email)).length === 3);
    expect((await kept(booked.plumber.email))[0].text_body).toContain(
      '[Attached: plumbline-appointment.ics]',
    );
  }, 30_000);

  describe('GET /api/jobs/:jobId/appointment.ics', () => {
    let request: ReturnType<typeof supertest>;
    let booked: BookedAppointment;
    const users = new Map<string, CurrentUser>();

    beforeAll(async () => {
      booked = await insertBookedAppointment(ctx.database.db, windowFromNow(3 * REMINDER_LEAD_MS));
      const user = (id: string, role: CurrentUser['role']): CurrentUser => ({
        id,
        role,
        email: `${id}@example.test`,
        name: null,
        phone: null,
        emailVerified: true,
      });
      users.set('homeowner', user(booked.homeowner.userId, 'homeowner'));
      users.set('plumber', user(booked.plumber.userId, 'plumber'));
      users.set('stranger', user('9a7c1b2e-5f3d-4e6a-8b9c-0d1e2f3a4b5c', 'homeowner'));
      users.set('admin', user('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'admin'));
      // The router as the app will mount it, behind a stand-in for the session: `X-Test-User` names who is logged in.
      const app = express();
      app.use((req, _res, next) => {
        const who = users.get(String(req.headers['x-test-user']));
        if (who) req.user = who;
        next();
      });
      app.use('/api/jobs', createAppointmentCalendarRouter({ calendar: built.calendar }));
      app.use(createErrorHandler(createLogger('silent')));
      request = supertest(app);
    });

    const path = () => `/api/jobs/${booked.jobId}/appointment.ics`;

    it('gives the homeowner and the hired plumber the file to save', async () => {
      for (const who of ['homeowner', 'plumber']) {
        const res = await request
          .get(path())
          .set('X-Test-User', who)
          .buffer(true)
          .parse((r, done) => {
            let text = '';
            r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            r.on('end', () => done(null, text));
          });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(res.headers['content-disposition']).toBe('attachment; filename="plumbline-appointment.ics"');
        const calendar = new ICAL.Component(ICAL.parse(res.body as string));
        expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
        expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid')).toBe(
          appointmentUid(booked.id),
        );
      }
    });

    it('is 404 for anyone else, 401 logged out, 400 for a malformed id', async () => {
      expect((await request.get(path()).set('X-Test-User', 'stranger')).status).toBe(404);
      expect((await request.get(path()).set('X-Test-User', 'admin')).status).toBe(404);
      expect((await request.get(path())).status).toBe(401);
      const noAppointment = `/api/jobs/3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b/appointment.ics`;
      expect((await request.get(noAppointment).set('X-Test-User', 'homeowner')).status).toBe(404);
      expect(
        (await request.get('/api/jobs/not-a-uuid/appointment.ics').set('X-Test-User', 'homeowner')).status,
      ).toBe(400);
    });
  });
});
