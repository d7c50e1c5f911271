import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, jobs, plumbers, users } from '@shared/schema';
import type { Executor } from '../../db/client';

/** One party of an appointment as its calendar file and mail need them. */
export interface AppointmentPartyRow {
  userId: string;
  name: string | null;
  email: string;
  /** A deleted account is mailed nothing (docs/decisions/025-accounts.md). */
  deletedAt: Date | null;
}

/** An appointment with what its calendar file says: the job's issue and address, both parties. */
export interface AppointmentCalendarRow {
  appointment: {
    id: string;
    jobId: string;
    startsAt: Date;
    endsAt: Date;
    status: 'booked' | 'cancelled';
    sequence: number;
  };
  /** `timeZone`: the job's, on whose clock the file and the mails give the time. */
  job: { issueSlug: string; address: string; timeZone: string };
  homeowner: AppointmentPartyRow;
  plumber: AppointmentPartyRow;
}

const homeownerUser = alias(users, 'homeowner_user');
const plumberUser = alias(users, 'plumber_user');

function selectAppointmentCalendar(db: Executor) {
  return db
    .select({
      appointment: {
        id: appointments.id,
        jobId: appointments.jobId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        sequence: appointments.sequence,
      },
      job: { issueSlug: jobs.issueSlug, address: jobs.address, timeZone: jobs.timeZone },
      homeowner: {
        userId: homeownerUser.id,
        name: homeownerUser.name,
        email: homeownerUser.email,
        deletedAt: homeownerUser.deletedAt,
      },
      plumber: {
        userId: plumberUser.id,
        name: plumberUser.name,
        email: plumberUser.email,
        deletedAt: plumberUser.deletedAt,
      },
    })
    .from(appointments)
    .innerJoin(jobs, eq(jobs.id, appointments.jobId))
    .innerJoin(homeownerUser, eq(homeownerUser.id, jobs.customerId))
    .innerJoin(plumbers, eq(plumbers.id, appointments.plumberId))
    .innerJoin(plumberUser, eq(plumberUser.id, plumbers.userId));
}

/** The job's appointment (one per job) with its parties, or undefined. */
export async function findAppointmentCalendarByJob(
  db: Executor,
  jobId: string,
): Promise<AppointmentCalendarRow | undefined> {
  const [row] = await selectAppointmentCalendar(db).where(eq(appointments.jobId, jobId)).limit(1);
  return row;
}

/**
 * The appointment with its parties, its row locked until the caller's transaction ends: a
 * reschedule or cancellation waits for a reminder being sent, and the reminder sees what committed before it.
 */
export async function lockAppointmentCalendar(
  tx: Executor,
  appointmentId: string,
): Promise<AppointmentCalendarRow | undefined> {
  const [row] = await selectAppointmentCalendar(tx)
    .where(eq(appointments.id, appointmentId))
    .limit(1)
    .for('update', { of: appointments });
  return row;
}
