import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns';
import { quoteStatus } from './enums';
import { jobs } from './jobs';
import { plumbers } from './plumbers';

/**
 * A plumber's price range for a job. The database enforces one quote per plumber per job
 * and at most one accepted quote per job (partial unique index on status = 'accepted').
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    minTotal: money('min_total').notNull(),
    maxTotal: money('max_total').notNull(),
    currency: text('currency').notNull().default('USD'),
    breakdownJson: jsonb('breakdown_json'),
    /** Our addition: how acceptance is recorded. */
    status: quoteStatus('status').notNull().default('pending'),
    /** The window the plumber proposes to come in; accepting the quote books it (docs/decisions/029-appointments.md). */
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }),
    proposedEndsAt: timestamp('proposed_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('quotes_job_plumber_uq').on(t.jobId, t.plumberId),
    uniqueIndex('quotes_one_accepted_per_job_uq')
      .on(t.jobId)
      .where(sql`${t.status} = 'accepted'`),
    index('quotes_plumber_idx').on(t.plumberId),
    // The admin figures read the last days' quotes by time, without their rows (bench/admin-stats.ts).
    index('quotes_created_idx').on(t.createdAt, t.jobId, t.status),
    check('quotes_range_ck', sql`${t.minTotal} > 0 and ${t.minTotal} <= ${t.maxTotal}`),
    // Both ends of the proposed window or neither, the end after the start.
    check(
      'quotes_window_ck',
      sql`(${t.proposedStartsAt} is null and ${t.proposedEndsAt} is null) or (${t.proposedStartsAt} is not null and ${t.proposedEndsAt} > ${t.proposedStartsAt})`,
    ),
  ],
);

export type Quote = typeof quotes.$inferSelect;
export type NewQuote = typeof quotes.$inferInsert;
