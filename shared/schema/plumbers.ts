import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coordinate, createdAt, id, updatedAt } from './columns';
import { plumberStatus, verificationStatus } from './enums';
import { users } from './users';

export const plumbers = pgTable(
  'plumbers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    skills: text('skills').array().notNull().default([]),
    serviceRadiusKm: numeric('service_radius_km', { precision: 5, scale: 2 }).notNull().default('25'),
    verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
    currentLat: coordinate('current_lat'),
    currentLng: coordinate('current_lng'),
    currentAddress: text('current_address'),
    status: plumberStatus('status').notNull().default('available'),
    // Onboarding (docs/decisions/024-vetted-plumbers.md): what the plumber submitted for an admin to check.
    businessName: text('business_name'),
    licenseNumber: text('license_number'),
    /** Two-letter US state code of the licence. */
    licenseState: text('license_state'),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    /** The admin's reason, while the status is 'rejected'. */
    rejectionReason: text('rejection_reason'),
    /** When the details were last submitted; null until the plumber has onboarded. */
    vettingSubmittedAt: timestamp('vetting_submitted_at', { withTimezone: true }),
    /** When an admin last verified or rejected them; null while pending. */
    vettingDecidedAt: timestamp('vetting_decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plumbers_radius_ck', sql`${t.serviceRadiusKm} > 0`),
    check('plumbers_license_state_ck', sql`${t.licenseState} ~ '^[A-Z]{2}$'`),
    check(
      'plumbers_rejection_reason_ck',
      sql`${t.verificationStatus} <> 'rejected' or ${t.rejectionReason} is not null`,
    ),
    // The admin's review queue: one status, oldest submission first.
    index('plumbers_vetting_queue_idx').on(t.verificationStatus, t.vettingSubmittedAt),
  ],
);

export type Plumber = typeof plumbers.$inferSelect;
export type NewPlumber = typeof plumbers.$inferInsert;
