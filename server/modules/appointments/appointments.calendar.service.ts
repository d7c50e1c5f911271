import type { CurrentUser } from '@shared/contracts/auth';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MailService } from '../mail';
import {
  appointmentIcs,
  appointmentMail,
  type AppointmentMailKind,
  type AppointmentParty,
} from './appointments.calendar';
import {
  findAppointmentCalendarByJob,
  lockAppointmentCalendar,
  type AppointmentCalendarRow,
} from './appointments.calendar.repository';
import type { AppointmentReminders } from './appointments.reminders';

export interface AppointmentCalendarService {
  /**
   * The job's appointment as an .ics file for the job's homeowner or hired plumber; 404 for anyone
   * else and when the job has no appointment (as for a job one may not see).
   */
  icsForJob(user: CurrentUser, jobId: string): Promise<string>;
  /**
   * In the caller's transaction, after the appointment row was written: mails both parties the
   * appointment as it now stands with its calendar file (booked, moved, cancelled) and, when booked
   * or moved, queues its reminder.
   */
  appointmentChanged(
    tx: Executor,
    appointmentId: string,
    kind: Exclude<AppointmentMailKind, 'reminder'>,
  ): Promise<void>;
}

export interface AppointmentCalendarServiceDeps {
  db: Database;
  mail: MailService;
  reminders: Pick<AppointmentReminders, 'scheduleReminder'>;
  config: Pick<Config, 'publicUrl'> & { mail: Pick<Config['mail'], 'from'> };
}

const NOT_FOUND_MESSAGE = 'This job has no booked appointment';

/** Calendar files and appointment mail (docs/decisions/030-calendar-files-and-reminders.md). */
export function createAppointmentCalendarService({
  db,
  mail,
  reminders,
  config,
}: AppointmentCalendarServiceDeps): AppointmentCalendarService {
  const fileInput = (row: AppointmentCalendarRow, recipient: AppointmentParty) => ({
    appointment: row.appointment,
    job: row.job,
    homeowner: row.homeowner,
    plumber: row.plumber,
    recipient,
    timeZone: row.job.timeZone,
    publicUrl: config.publicUrl,
    organizer: config.mail.from,
  });

  return {
    async icsForJob(user, jobId) {
      const row = await findAppointmentCalendarByJob(db, jobId);
      const recipient: AppointmentParty | null =
        row?.homeowner.userId === user.id ? 'homeowner' : row?.plumber.userId === user.id ? 'plumber' : null;
      if (!row || !recipient) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      return appointmentIcs({ ...fileInput(row, recipient), method: 'PUBLISH' });
    },

    async appointmentChanged(tx, appointmentId, kind) {
      const row = await lockAppointmentCalendar(tx, appointmentId);
      if (!row) throw new Error(`Appointment ${appointmentId} is not there to mail about`);
      const parties: AppointmentParty[] = ['homeowner', 'plumber'];
      for (const recipient of parties) {
        if (row[recipient].deletedAt) continue;
        await mail.send(tx, appointmentMail(kind, fileInput(row, recipient)));
      }
      if (kind !== 'cancelled') await reminders.scheduleReminder(tx, row.appointment);
    },
  };
}
