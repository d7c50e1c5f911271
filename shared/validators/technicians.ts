import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { TECHNICIAN_STATUSES } from '../constants';
import { technicians } from '../schema';
import { emailField } from './auth';
import { nameField, phoneField } from './common';

export const TECHNICIAN_MESSAGES = {
  statusInvalid: 'Status must be available, busy or off_duty',
  specialtyRequired: 'Specialty cannot be empty',
} as const;

export const insertTechnicianSchema = createInsertSchema(technicians, {
  name: nameField(),
  phone: phoneField(),
  email: emailField,
  specialties: z
    .array(z.string().trim().min(1, { error: TECHNICIAN_MESSAGES.specialtyRequired }).max(80))
    .max(30)
    .optional(),
  status: z.enum(TECHNICIAN_STATUSES, { error: TECHNICIAN_MESSAGES.statusInvalid }).optional(),
  currentLocation: z.string().trim().max(200).nullish(),
}).omit({ id: true, createdAt: true });
export type InsertTechnicianInput = z.input<typeof insertTechnicianSchema>;
