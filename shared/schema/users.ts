import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { userRole } from './enums';

/** Accounts. E-mails are stored lower-cased (see shared/contracts/auth.ts), so the unique key is case-insensitive. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: userRole('role').notNull().default('homeowner'),
  name: text('name'),
  phone: text('phone'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
