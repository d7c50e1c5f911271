import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_PARTIES, APPOINTMENT_STATUSES, RESCHEDULE_PROPOSAL_STATUSES } from '../constants';
import { createdAt, id } from './columns';
import { jobs } from './jobs';
import { plumbers } from './plumbers';

/** The name of the exclusion constraint the quotes service tells from other failures. */
export const APPOINTMENTS_NO_OVERLAP = 'appointments_no_overlap_ex';

/**
 * A time on the hired plumber's calendar: the window of the accepted quote, booked in the same
 * transaction as the acceptance (docs/decisions/029-appointments.md). One per job. A plumber never
 * holds two overlapping booked appointments: the exclusion constraint APPOINTMENTS_NO_OVERLAP
 * (`exclude using gist (plumber_id with =, tstzrange(starts_at, ends_at, '[)') with &&) where
 * (status = 'booked')`, btree_gist) is written by hand in migrations/0010_appointments.sql, since
 * drizzle-kit cannot express exclusion constraints.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .unique('appointments_job_uq')
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    /** iCalendar SEQUENCE: + 1 on every reschedule and on cancellation. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: APPOINTMENT_PARTIES }),
    cancellationReason: text('cancellation_reason'),
    /** Cancelled less than 24 hours before the start: allowed, but recorded and shown. */
    lateCancellation: boolean('late_cancellation'),
    createdAt: createdAt(),
  },
  (t) => [
    check('appointments_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_status_ck', sql`${t.status} in ('booked', 'cancelled')`),
    check(
      'appointments_cancelled_by_ck',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('homeowner', 'plumber')`,
    ),
    // The plumber's calendar, by start.
    index('appointments_plumber_starts_idx').on(t.plumberId, t.startsAt),
  ],
);

/**
 * A new window for a booked appointment, proposed by one side and accepted or declined by the other
 * (docs/decisions/029-appointments.md, "Reschedule and cancel"). At most one pending per appointment.
 */
export const rescheduleProposals = pgTable(
  'reschedule_proposals',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    proposedBy: text('proposed_by', { enum: APPOINTMENT_PARTIES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: RESCHEDULE_PROPOSAL_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('reschedule_proposals_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('reschedule_proposals_by_ck', sql`${t.proposedBy} in ('homeowner', 'plumber')`),
    check(
      'reschedule_proposals_status_ck',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`,
    ),
    uniqueIndex('reschedule_proposals_one_pending_uq')
      .on(t.appointmentId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A plumber's weekly working hours: on `weekday` (0 Sunday … 6 Saturday) from `startMinute` to
 * `endMinute` after midnight on the app's clock (APP_TIME_ZONE). Several rows a day make a split shift.
 */
export const plumberAvailability = pgTable(
  'plumber_availability',
  {
    id: id(),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    check('plumber_availability_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check(
      'plumber_availability_minutes_ck',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
    index('plumber_availability_plumber_idx').on(t.plumberId, t.weekday),
  ],
);

/** A whole day (on the app's clock) the plumber does not work. */
export const plumberDaysOff = pgTable(
  'plumber_days_off',
  {
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'plumber_days_off_pk', columns: [t.plumberId, t.day] })],
);

export type Appointment = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type RescheduleProposal = typeof rescheduleProposals.$inferSelect;
export type NewRescheduleProposal = typeof rescheduleProposals.$inferInsert;
export type PlumberAvailabilityRow = typeof plumberAvailability.$inferSelect;
export type PlumberDayOff = typeof plumberDaysOff.$inferSelect;
