import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('plumbers_radius_ck', sql`${t.serviceRadiusKm} > 0`)],
);

export type Plumber = typeof plumbers.$inferSelect;
export type NewPlumber = typeof plumbers.$inferInsert;
