import { and, asc, eq, gt, gte, inArray, lt, ne } from 'drizzle-orm';
import type { RescheduleProposalStatus } from '@shared/constants';
import {
  appointments,
  jobs,
  plumberAvailability,
  plumberDaysOff,
  rescheduleProposals,
  type Appointment,
  type NewRescheduleProposal,
  type RescheduleProposal,
  type NewAppointment,
  type PlumberAvailabilityRow,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Appointment, PlumberAvailabilityRow, RescheduleProposal };
export { APPOINTMENTS_NO_OVERLAP } from '@shared/schema';
/** Tells the conflict of APPOINTMENTS_NO_OVERLAP from other failures. */
export { isExclusionViolation } from '../../db/errors';

/** The plumber's weekly hours, by weekday and start. */
export async function listWeeklyHours(db: Executor, plumberId: string): Promise<PlumberAvailabilityRow[]> {
  return db
    .select()
    .from(plumberAvailability)
    .where(eq(plumberAvailability.plumberId, plumberId))
    .orderBy(asc(plumberAvailability.weekday), asc(plumberAvailability.startMinute));
}

/** The plumber's days off (YYYY-MM-DD), in order. */
export async function listDaysOff(db: Executor, plumberId: string): Promise<string[]> {
  const rows = await db
    .select({ day: plumberDaysOff.day })
    .from(plumberDaysOff)
    .where(eq(plumberDaysOff.plumberId, plumberId))
    .orderBy(asc(plumberDaysOff.day));
  return rows.map((row) => row.day);
}

/** Which of `days` are the plumber's days off. */
export async function findDaysOff(
  db: Executor,
  plumberId: string,
  days: readonly string[],
): Promise<string[]> {
  if (days.length === 0) return [];
  const rows = await db
    .select({ day: plumberDaysOff.day })
    .from(plumberDaysOff)
    .where(and(eq(plumberDaysOff.plumberId, plumberId), inArray(plumberDaysOff.day, [...days])))
    .orderBy(asc(plumberDaysOff.day));
  return rows.map((row) => row.day);
}

/** Replaces the plumber's weekly hours and days off; call inside a transaction. */
export async function replaceAvailability(
  tx: Executor,
  plumberId: string,
  hours: readonly { weekday: number; startMinute: number; endMinute: number }[],
  daysOff: readonly string[],
): Promise<void> {
  await tx.delete(plumberAvailability).where(eq(plumberAvailability.plumberId, plumberId));
  await tx.delete(plumberDaysOff).where(eq(plumberDaysOff.plumberId, plumberId));
  if (hours.length > 0) {
    await tx.insert(plumberAvailability).values(hours.map((range) => ({ plumberId, ...range })));
  }
  if (daysOff.length > 0) {
    await tx.insert(plumberDaysOff).values(daysOff.map((day) => ({ plumberId, day })));
  }
}

/**
 * One of the plumber's booked appointments that overlaps [startsAt, endsAt) (touching ends do not
 * overlap), leaving out `exceptId` (the appointment being moved).
 */
export async function findOverlappingBooked(
  db: Executor,
  plumberId: string,
  startsAt: Date,
  endsAt: Date,
  exceptId?: string,
): Promise<Appointment[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.plumberId, plumberId),
        eq(appointments.status, 'booked'),
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
        lt(appointments.startsAt, endsAt),
        gt(appointments.endsAt, startsAt),
      ),
    )
    .limit(1);
}

/** Books an appointment: the exclusion constraint APPOINTMENTS_NO_OVERLAP refuses an overlapping one. */
export async function insertAppointment(db: Executor, values: NewAppointment): Promise<Appointment> {
  const [row] = await db.insert(appointments).values(values).returning();
  return row;
}

/** The plumber's appointments starting in [from, to), by start, with the job they are for. */
export async function listAppointmentsOfPlumber(db: Executor, plumberId: string, from: Date, to: Date) {
  return db
    .select({
      appointment: appointments,
      job: { issueSlug: jobs.issueSlug, address: jobs.address, timeZone: jobs.timeZone },
    })
    .from(appointments)
    .innerJoin(jobs, eq(jobs.id, appointments.jobId))
    .where(
      and(
        eq(appointments.plumberId, plumberId),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** The job's appointment, its row locked until the caller's transaction ends. */
export async function lockAppointmentOfJob(tx: Executor, jobId: string): Promise<Appointment | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.jobId, jobId)).for('update');
  return row;
}

export async function updateAppointment(
  tx: Executor,
  appointmentId: string,
  values: Partial<Omit<NewAppointment, 'id' | 'jobId'>>,
): Promise<Appointment> {
  const [row] = await tx
    .update(appointments)
    .set(values)
    .where(eq(appointments.id, appointmentId))
    .returning();
  return row;
}

export async function findPendingProposal(
  db: Executor,
  appointmentId: string,
): Promise<RescheduleProposal | undefined> {
  const [row] = await db
    .select()
    .from(rescheduleProposals)
    .where(
      and(eq(rescheduleProposals.appointmentId, appointmentId), eq(rescheduleProposals.status, 'pending')),
    );
  return row;
}

export async function findProposalById(
  db: Executor,
  proposalId: string,
): Promise<RescheduleProposal | undefined> {
  const [row] = await db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, proposalId));
  return row;
}

export async function insertProposal(
  tx: Executor,
  values: NewRescheduleProposal,
): Promise<RescheduleProposal> {
  const [row] = await tx.insert(rescheduleProposals).values(values).returning();
  return row;
}

/** Closes a pending proposal as accepted, declined or withdrawn. */
export async function decideProposal(
  tx: Executor,
  proposalId: string,
  status: Exclude<RescheduleProposalStatus, 'pending'>,
  decidedAt: Date,
): Promise<RescheduleProposal | undefined> {
  const [row] = await tx
    .update(rescheduleProposals)
    .set({ status, decidedAt })
    .where(and(eq(rescheduleProposals.id, proposalId), eq(rescheduleProposals.status, 'pending')))
    .returning();
  return row;
}
