import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { userRole } from './enums';

/** Accounts. E-mails are stored lower-cased (see shared/contracts/auth.ts), so the unique key is case-insensitive. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  /** Null once the account is deleted: no password opens it (docs/decisions/025-accounts.md). */
  passwordHash: text('password_hash'),
  role: userRole('role').notNull().default('homeowner'),
  name: text('name'),
  phone: text('phone'),
  /** When the owner proved the e-mail is theirs (a mailed link); null until then. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** When the owner deleted the account: its name, phone and e-mail are gone, its jobs stay. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** When an admin suspended the account: every session ends and logging in is refused until reinstated. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** When the account last logged in with its password; null if never since this was kept. */
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
