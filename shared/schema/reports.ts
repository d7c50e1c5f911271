import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { jobs } from './jobs';
import { users } from './users';

/**
 * A problem the homeowner or a plumber of a job reports to the admins; an admin answers it, may
 * record a refund, and closes it. `status`: open → answered → closed (an answer may come with the close).
 */
export const jobReports = pgTable(
  'job_reports',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterRole: text('reporter_role').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    refundAmount: money('refund_amount'),
    answeredBy: uuid('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('job_reports_status_idx').on(t.status, t.createdAt),
    index('job_reports_job_idx').on(t.jobId),
    check('job_reports_status_ck', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('job_reports_role_ck', sql`${t.reporterRole} in ('homeowner', 'plumber')`),
    check('job_reports_refund_ck', sql`${t.refundAmount} is null or ${t.refundAmount} >= 0`),
  ],
);

export type JobReport = typeof jobReports.$inferSelect;
export type NewJobReport = typeof jobReports.$inferInsert;
