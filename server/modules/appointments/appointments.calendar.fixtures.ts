import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appointments, jobs, plumbers, users } from '@shared/schema';
import type { Executor } from '../../db/client';

/** Test data for calendar files and reminders, written straight into the tables. */

export interface BookedAppointment {
  id: string;
  jobId: string;
  homeowner: { userId: string; email: string };
  plumber: { userId: string; email: string };
}

/**
 * A homeowner, a plumber, a job hiring the plumber and its booked appointment at [startsAt, endsAt);
 * the job is in Austin (Central time) unless `place` says where.
 */
export async function insertBookedAppointment(
  db: Executor,
  window: { startsAt: Date; endsAt: Date },
  place?: { address: string; timeZone: string },
): Promise<BookedAppointment> {
  const tag = randomUUID().slice(0, 8);
  const homeownerEmail = `home.${tag}@example.test`;
  const plumberEmail = `plumb.${tag}@example.test`;
  const [homeowner] = await db
    .insert(users)
    .values({ email: homeownerEmail, role: 'homeowner', name: `Hana ${tag}` })
    .returning({ id: users.id });
  const [plumberUser] = await db
    .insert(users)
    .values({ email: plumberEmail, role: 'plumber', name: `Pat ${tag}` })
    .returning({ id: users.id });
  const [plumber] = await db
    .insert(plumbers)
    .values({ userId: plumberUser.id })
    .returning({ id: plumbers.id });
  const [job] = await db
    .insert(jobs)
    .values({
      customerId: homeowner.id,
      plumberId: plumber.id,
      issueSlug: 'leaky-faucet',
      issueDescription: 'The kitchen faucet drips all night.',
      address: place?.address ?? `${tag} Elm St, Austin, TX 78701`,
      timeZone: place?.timeZone ?? 'America/Chicago',
      currentStatus: 'scheduled',
    })
    .returning({ id: jobs.id });
  const [appointment] = await db
    .insert(appointments)
    .values({ jobId: job.id, plumberId: plumber.id, ...window })
    .returning({ id: appointments.id });
  return {
    id: appointment.id,
    jobId: job.id,
    homeowner: { userId: homeowner.id, email: homeownerEmail },
    plumber: { userId: plumberUser.id, email: plumberEmail },
  };
}

/** What a reschedule does to the row: a new window and the next sequence. */
export async function moveAppointment(db: Executor, id: string, window: { startsAt: Date; endsAt: Date }) {
  const [row] = await db
    .select({ sequence: appointments.sequence })
    .from(appointments)
    .where(eq(appointments.id, id));
  await db
    .update(appointments)
    .set({ ...window, sequence: row.sequence + 1 })
    .where(eq(appointments.id, id));
  return row.sequence + 1;
}

/** What a cancellation does to the row: cancelled, the next sequence. */
export async function cancelAppointment(db: Executor, id: string) {
  const [row] = await db
    .select({ sequence: appointments.sequence })
    .from(appointments)
    .where(eq(appointments.id, id));
  await db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: new Date(), sequence: row.sequence + 1 })
    .where(eq(appointments.id, id));
}

/** The appointment as the service hands it to scheduleReminder. */
export async function readAppointment(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      status: appointments.status,
      sequence: appointments.sequence,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}
