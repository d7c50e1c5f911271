import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which version of each seed data set the database holds. Reference data is written once per
 * version; rows changed after `appliedAt` (by an admin) are never overwritten by a later seed.
 */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
