import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { ClaimedJob, JobPolicy, JobQueue } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import type { MailService } from '../mail';
import { appointmentMail, type AppointmentParty, type CalendarAppointment } from './appointments.calendar';
import { lockAppointmentCalendar } from './appointments.calendar.repository';

export const APPOINTMENT_REMINDER_QUEUE = 'appointment-reminder';

/** The reminder goes out this long before the appointment starts. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * A reminder's work is all in our database (it queues two mails), so a retry costs little; the job
 * is kept a week after it ran, longer than the day between the reminder and the appointment, so a
 * second scheduling of the same reminder finds it and adds nothing.
 */
export const APPOINTMENT_REMINDER_POLICY: JobPolicy = {
  batchSize: 10,
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 60,
  deleteAfterSeconds: 7 * 24 * 60 * 60,
};

/** One reminder: for this appointment as it stood at this sequence. */
export interface AppointmentReminderJob {
  appointmentId: string;
  sequence: number;
}

/** What scheduling needs of an appointment row. */
export type ReminderAppointment = Pick<CalendarAppointment, 'id' | 'startsAt' | 'status' | 'sequence'>;

export interface AppointmentReminders {
  /**
   * Queues the reminder of the appointment as it now stands, in the caller's transaction (on
   * booking and on each reschedule); once per (appointment, sequence), however often it is called.
   * Nothing is queued for a cancelled appointment, or when the reminder's time has passed.
   */
  scheduleReminder(tx: Executor, appointment: ReminderAppointment): Promise<void>;
  /** The queue's handler, exported for tests. */
  remind(job: ClaimedJob<AppointmentReminderJob>): Promise<void>;
}

export interface AppointmentRemindersDeps {
  db: Database;
  jobQueue: Pick<JobQueue, 'define' | 'send'>;
  mail: MailService;
  config: Pick<Config, 'publicUrl'> & { mail: Pick<Config['mail'], 'from'> };
  logger: Logger;
  policy?: Partial<JobPolicy>;
  now?: () => Date;
}

/**
 * The reminder job's id, derived from what it reminds of (a name-based uuid): the queue keeps one
 * job per id, so the same reminder is queued once (docs/decisions/030-calendar-files-and-reminders.md).
 */
export function reminderJobId(appointmentId: string, sequence: number): string {
  const hash = createHash('sha1')
    .update(`${APPOINTMENT_REMINDER_QUEUE}:${appointmentId}:${sequence}`)
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Day-before reminders on the job queue (docs/decisions/030-calendar-files-and-reminders.md): a job
 * per (appointment, sequence) that starts 24 hours before the appointment. Its handler completes
 * the job in the transaction that queues the mails, so a reminder is mailed once however often the
 * job is retried; a moved or cancelled appointment's old reminder finds another sequence or status
 * and mails nothing.
 */
export function createAppointmentReminders({
  db,
  jobQueue,
  mail,
  config,
  logger,
  policy = {},
  now = () => new Date(),
}: AppointmentRemindersDeps): AppointmentReminders {
  const log = logger.child({ module: 'appointment-reminders' });

  async function remind(job: ClaimedJob<AppointmentReminderJob>): Promise<void> {
    const { appointmentId, sequence } = job.data;
    await db.transaction(async (tx) => {
      await job.completeIn(tx);
      const row = await lockAppointmentCalendar(tx, appointmentId);
      const due =
        row?.appointment.status === 'booked' &&
        row.appointment.sequence === sequence &&
        row.appointment.startsAt.getTime() > now().getTime();
      if (!row || !due) {
        log.info({ appointmentId, sequence }, 'appointment reminder no longer due');
        return;
      }
      const { appointment } = row;
      const parties: AppointmentParty[] = ['homeowner', 'plumber'];
      for (const recipient of parties) {
        if (row[recipient].deletedAt) continue;
        await mail.send(
          tx,
          appointmentMail('reminder', {
            appointment,
            job: row.job,
            homeowner: row.homeowner,
            plumber: row.plumber,
            recipient,
            timeZone: row.job.timeZone,
            publicUrl: config.publicUrl,
            organizer: config.mail.from,
          }),
        );
      }
      log.info({ appointmentId, sequence }, 'appointment reminder queued');
    });
  }

  jobQueue.define<AppointmentReminderJob>(
    APPOINTMENT_REMINDER_QUEUE,
    { ...APPOINTMENT_REMINDER_POLICY, ...policy },
    remind,
  );

  return {
    remind,
    async scheduleReminder(tx, appointment) {
      if (appointment.status !== 'booked') return;
      const remindAt = new Date(appointment.startsAt.getTime() - REMINDER_LEAD_MS);
      // Booked or moved within a day of the start: the booking's own mail is the reminder.
      if (remindAt.getTime() <= now().getTime()) return;
      const data: AppointmentReminderJob = { appointmentId: appointment.id, sequence: appointment.sequence };
      await jobQueue.send(tx, APPOINTMENT_REMINDER_QUEUE, data, {
        startAfter: remindAt,
        id: reminderJobId(appointment.id, appointment.sequence),
        singletonKey: `${appointment.id}:${appointment.sequence}`,
      });
    },
  };
}
