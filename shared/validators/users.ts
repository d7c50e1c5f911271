import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { USER_ROLES } from '../constants';
import { users } from '../schema';
import { AUTH_MESSAGES, emailField, passwordField } from './auth';
import { FIELD_MESSAGES, nameField, phoneField } from './common';

export const USER_MESSAGES = {
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  passwordMin: AUTH_MESSAGES.passwordMin,
  nameMin: FIELD_MESSAGES.nameMin,
  phoneMin: FIELD_MESSAGES.phoneMin,
  roleInvalid: 'Role must be homeowner, plumber or admin',
} as const;

/**
 * A new account as the server creates it: the plain password comes in (checked by the same rule as
 * registration) and the server stores only its hash. Role defaults to homeowner in the database.
 */
export const insertUserSchema = createInsertSchema(users, {
  email: emailField,
  role: z.enum(USER_ROLES, { error: USER_MESSAGES.roleInvalid }).optional(),
  name: nameField().optional(),
  phone: phoneField().optional(),
})
  .omit({ id: true, createdAt: true, updatedAt: true, passwordHash: true })
  .extend({ password: passwordField });
export type InsertUserInput = z.input<typeof insertUserSchema>;
export type InsertUserData = z.output<typeof insertUserSchema>;
