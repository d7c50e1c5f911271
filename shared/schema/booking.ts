import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { serviceRequestStatus, urgency } from './enums';
import { jobs } from './jobs';
import { technicians } from './technicians';
import { users } from './users';

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    serviceType: text('service_type').notNull(),
    preferredDate: text('preferred_date').notNull(),
    urgency: urgency('urgency').notNull().default('routine'),
    description: text('description').notNull(),
    address: text('address').notNull(),
    status: serviceRequestStatus('status').notNull().default('pending'),
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** Our addition: the account that booked (null for a guest until they register with the same e-mail). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A guest's booking waits for the link mailed to its e-mail (docs/decisions/026-guest-booking-confirmation.md):
     * the hex SHA-256 of the link's token until it is used, and when the booking lapses unless
     * confirmed. Both null for a booking made by an account.
     */
    confirmationTokenHash: text('confirmation_token_hash').unique('service_requests_confirmation_token_uq'),
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The admins' handling of the request: their latest note, when they called, why they cancelled. */
    adminNote: text('admin_note'),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** The job an admin converted the request into. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_requests_email_idx').on(t.email),
    index('service_requests_user_idx').on(t.userId),
    // The release sweep's search: guest bookings still waiting for their confirmation.
    index('service_requests_unconfirmed_idx')
      .on(t.confirmBy)
      .where(sql`${t.confirmedAt} is null and ${t.status} = 'pending'`),
  ],
);

/**
 * Bookable time slots. `is_booked` is text per docs/product.md ('false' | 'true'). The database guarantees
 * a slot is booked at most once (booking is a conditional UPDATE … WHERE is_booked = 'false'),
 * that a booked slot names its request and a free one names none, and that a request holds one slot.
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: id(),
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isBooked: text('is_booked').notNull().default('false'),
    serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id, {
      onDelete: 'set null',
    }),
    /** Our addition: whose time this is, so several technicians can offer the same start time. */
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_slots_date_idx').on(t.date, t.startTime),
    unique('availability_slots_technician_time_uq').on(t.technicianId, t.date, t.startTime),
    unique('availability_slots_service_request_uq').on(t.serviceRequestId),
    check('availability_slots_is_booked_ck', sql`${t.isBooked} in ('true', 'false')`),
    check(
      'availability_slots_booking_consistent_ck',
      sql`(${t.isBooked} = 'true') = (${t.serviceRequestId} is not null)`,
    ),
    check('availability_slots_date_ck', sql`${t.date} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check(
      'availability_slots_time_ck',
      sql`${t.startTime} ~ '^\\d{2}:\\d{2}$' and ${t.endTime} ~ '^\\d{2}:\\d{2}$'`,
    ),
  ],
);

export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type AvailabilitySlot = typeof availabilitySlots.$inferSelect;
export type NewAvailabilitySlot = typeof availabilitySlots.$inferInsert;
