import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { jobs } from './jobs';
import { plumbers } from './plumbers';

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ratings_job_uq').on(t.jobId),
    index('ratings_plumber_idx').on(t.plumberId),
    check('ratings_stars_ck', sql`${t.stars} between 1 and 5`),
  ],
);

export type Rating = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;
