import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { createLogger } from './lib/logger';
import {
  cancelAppointment,
  insertBookedAppointment,
  moveAppointment,
  readAppointment,
  type BookedAppointment,
} from './modules/appointments/appointments.calendar.fixtures';
import {
  APPOINTMENT_REMINDER_QUEUE,
  appointmentUid,
  createAppointmentCalendarService,
  createAppointmentReminders,
  REMINDER_LEAD_MS,
  type AppointmentCalendarService,
  type AppointmentReminders,
} from './modules/appointments/calendar.index';
import { createMailService } from './modules/mail';
import { startTestSmtpServer, type TestSmtpServer } from './modules/mail/mail.fixtures';
import { startInstances, type Instances } from './test/instances';

const APPOINTMENTS = 8;
/** Each reminder falls due this long after the appointments are written. */
const DUE_IN_MS = 5_000;
const REMINDER_SUBJECT = 'Reminder: Leaky Faucet tomorrow';

/** What schedules reminders from the test, as an instance does: its own pool, queue and mail service; it works no job itself. */
interface ReminderWorker {
  database: DatabaseHandle;
  jobQueue: JobQueue;
  built: { calendar: AppointmentCalendarService; reminders: AppointmentReminders };
  logLines: string[];
}

/**
 * Two server processes on one PostgreSQL database work the reminder queue and deliver mail through a
 * real SMTP server: each party of each appointment gets one reminder, a moved appointment only the
 * new time's, a cancelled one none (docs/decisions/030-calendar-files-and-reminders.md). The test
 * schedules the reminders through two queues of its own that only send, as two instances would.
 */
describe('appointment reminders from two instances on one PostgreSQL database', () => {
  let cluster: Instances;
  let smtp: TestSmtpServer;
  const workers: ReminderWorker[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ acceptAfterMs: 50 });
    cluster = await startInstances({
      database: 'plumbline_reminders',
      count: 2,
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster.url, SMTP_URL: smtp.url });
    for (let index = 0; index < 2; index++) {
      const logLines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
      const database = await openDatabase({ databaseUrl: cluster.url });
      const jobQueue = createJobQueue({
        pool: database.pool,
        logger,
        options: { deliver: false, pollingIntervalSeconds: 0.5 },
      });
      const mail = createMailService({ db: database.db, jobQueue, config, logger });
      const reminders = createAppointmentReminders({ db: database.db, jobQueue, mail, config, logger });
      const calendar = createAppointmentCalendarService({ db: database.db, mail, reminders, config });
      const built = { calendar, reminders };
      await jobQueue.start();
      workers.push({ database, jobQueue, built, logLines });
    }
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) {
      await worker.jobQueue.stop();
      await worker.database.close();
    }
    await cluster?.stop();
    await smtp?.close();
  }, 60_000);

  /** Log lines with this message, from the test's schedulers and both server processes. */
  const logged = (message: string) =>
    [
      ...workers.flatMap((worker) => worker.logLines),
      ...cluster.instances.flatMap((i) => i.output().split('\n')),
    ].filter((line) => line.includes(`"msg":"${message}"`)).length;

  it('mails each party of each appointment one reminder, whichever worker claims it', async () => {
    const db = cluster.database.db;
    const window = (extraMs = 0) => ({
      startsAt: new Date(Date.now() + REMINDER_LEAD_MS + DUE_IN_MS + extraMs),
      endsAt: new Date(Date.now() + REMINDER_LEAD_MS + DUE_IN_MS + extraMs + 2 * 60 * 60 * 1000),
    });
    const schedule = async (worker: ReminderWorker, booked: BookedAppointment) => {
      const row = await readAppointment(db, booked.id);
      await worker.database.db.transaction((tx) => worker.built.reminders.scheduleReminder(tx, row));
    };

    // Each appointment's reminder is scheduled by both instances, as a repeated request would.
    const reminded: BookedAppointment[] = [];
    for (let index = 0; index < APPOINTMENTS; index++) {
      const booked = await insertBookedAppointment(db, window());
      await Promise.all(workers.map((worker) => schedule(worker, booked)));
      reminded.push(booked);
    }
    // Moved after its reminder was scheduled: only the new time's reminder mails.
    const moved = await insertBookedAppointment(db, window());
    await schedule(workers[0], moved);
    await moveAppointment(db, moved.id, window(1_000));
    await schedule(workers[1], moved);
    reminded.push(moved);
    // Cancelled after its reminder was scheduled: no reminder.
    const cancelled = await insertBookedAppointment(db, window());
    await schedule(workers[0], cancelled);
    await cancelAppointment(db, cancelled.id);
    // Booked days ahead: the booking mail carries the calendar file through SMTP.
    const later = await insertBookedAppointment(db, window(3 * REMINDER_LEAD_MS));
    await workers[1].database.db.transaction((tx) =>
      workers[1].built.calendar.appointmentChanged(tx, later.id, 'booked'),
    );

    const expected = reminded.length * 2 + 2;
    await smtp.waitFor(expected, 60_000);
    // Time for any repeat to show up: a second job for one reminder, a retried attempt, a second worker.
    await sleep(4_000);

    const reminders = smtp.received.filter((mail) => mail.headers.subject === REMINDER_SUBJECT);
    const recipients = reminders.flatMap((mail) => mail.envelopeTo).sort();
    expect(recipients).toEqual(
      reminded.flatMap((booked) => [booked.homeowner.email, booked.plumber.email]).sort(),
    );
    expect(smtp.received).toHaveLength(expected);
    expect(new Set(smtp.received.map((mail) => mail.headers['message-id'])).size).toBe(expected);
    expect(logged('appointment reminder queued')).toBe(reminded.length);
    // The moved appointment's first reminder and the cancelled one's ran and mailed nothing.
    expect(logged('appointment reminder no longer due')).toBe(2);

    const bookedMails = smtp.received.filter(
      (mail) => mail.headers.subject === 'Appointment booked: Leaky Faucet',
    );
    expect(bookedMails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(
      [later.homeowner.email, later.plumber.email].sort(),
    );
    for (const mail of bookedMails) {
      expect(mail.parts['text/calendar']).toContain(`UID:${appointmentUid(later.id)}`);
      expect(mail.parts['text/calendar']).toContain('METHOD:REQUEST');
    }

    const { rows } = await cluster.database.pool.query<{ state: string; count: string }>(
      `select state, count(*) as count from pgboss.job where name = $1 group by state order by state::text`,
      [APPOINTMENT_REMINDER_QUEUE],
    );
    // One job per (appointment, sequence): 8, the moved one's two, the cancelled one's; the later one waits.
    expect(rows).toEqual([
      { state: 'completed', count: String(APPOINTMENTS + 3) },
      { state: 'created', count: '1' },
    ]);
  }, 120_000);
});
