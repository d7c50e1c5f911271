import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { technicianStatus } from './enums';

export const technicians = pgTable('technicians', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull().unique(),
  specialties: text('specialties').array().notNull().default([]),
  status: technicianStatus('status').notNull().default('available'),
  currentLocation: text('current_location'),
  createdAt: createdAt(),
});

export type Technician = typeof technicians.$inferSelect;
export type NewTechnician = typeof technicians.$inferInsert;
