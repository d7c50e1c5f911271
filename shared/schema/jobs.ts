import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { coordinate, createdAt, id, updatedAt } from './columns';
import { jobStatus, urgency } from './enums';
import { plumbers } from './plumbers';
import { users } from './users';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id').references(() => plumbers.id, { onDelete: 'set null' }),
    issueSlug: text('issue_slug').notNull(),
    issueDescription: text('issue_description').notNull(),
    address: text('address').notNull(),
    lat: coordinate('lat'),
    lng: coordinate('lng'),
    urgency: urgency('urgency').notNull().default('routine'),
    preferredDate: text('preferred_date'),
    /**
     * The window of the /book slot a logged-in homeowner picked (the slot's day and times on the app's
     * clock, as instants); null otherwise. A wish, not a booking: the hired plumber's quote books the
     * appointment (docs/decisions/029-appointments.md).
     */
    requestedStartsAt: timestamp('requested_starts_at', { withTimezone: true }),
    requestedEndsAt: timestamp('requested_ends_at', { withTimezone: true }),
    /** The IANA zone of the job's region when it was posted: its times are shown and judged there. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /**
     * The estimate (EstimateResponse) the job was posted with, so a later price change never alters
     * what its homeowner and plumbers were shown; null for a job whose issue is not in the catalogue.
     */
    estimate: jsonb('estimate'),
    currentStatus: jobStatus('current_status').notNull().default('requested'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_customer_idx').on(t.customerId, t.createdAt),
    index('jobs_status_idx').on(t.currentStatus),
    index('jobs_plumber_idx').on(t.plumberId),
    index('jobs_lat_lng_idx').on(t.lat, t.lng),
    // The admin figures read the jobs posted in the last days by time, without their rows (bench/admin-stats.ts).
    index('jobs_created_idx').on(t.createdAt, t.id),
    // The start-up backfill of stored estimates reads only the jobs still without one (ADR 031).
    index('jobs_without_estimate_idx')
      .on(t.id)
      .where(sql`${t.estimate} is null`),
    // Nearby search: open jobs only, as points, so a bounding box (`point <@ box`) reads just the rows
    // inside it; exact distance is then computed on those (bench/nearby.ts: ~1 ms at 1M jobs).
    index('jobs_open_location_gist')
      .using('gist', sql`point(${t.lng}::float8, ${t.lat}::float8)`)
      .where(sql`${t.currentStatus} in ('requested', 'quoted')`),
  ],
);

/**
 * How many jobs are in each status, for the admin figures without counting a million rows
 * (docs/decisions/034-job-status-tallies.md). A trigger on `jobs` appends each change to
 * `job_status_count_changes`; a periodic task folds them into these totals. Read both, summed.
 */
export const jobStatusCounts = pgTable('job_status_counts', {
  status: jobStatus('status').primaryKey(),
  jobs: bigint('jobs', { mode: 'number' }).notNull(),
});

/** +1 / −1 per job entering or leaving a status, appended by the `jobs` trigger (never updated). */
export const jobStatusCountChanges = pgTable('job_status_count_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  status: jobStatus('status').notNull(),
  delta: integer('delta').notNull(),
});

export const jobMedia = pgTable(
  'job_media',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    s3Key: text('s3_key').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_media_job_idx').on(t.jobId)],
);

export const jobStatusEvents = pgTable(
  'job_status_events',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    status: jobStatus('status').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('job_status_events_job_idx').on(t.jobId, t.createdAt)],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type JobMedia = typeof jobMedia.$inferSelect;
export type JobStatusEvent = typeof jobStatusEvents.$inferSelect;
export type NewJobStatusEvent = typeof jobStatusEvents.$inferInsert;
