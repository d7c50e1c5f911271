import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { createdAt, id } from './columns';
import { jobs } from './jobs';
import { plumbers } from './plumbers';
import { users } from './users';

/**
 * A job room's messages: one thread per job and plumber (`plumberId` names the thread, whoever
 * wrote the message). `masked` says contact details were hidden when it was written, before a quote
 * was accepted; the body is stored masked.
 */
export const jobMessages = pgTable(
  'job_messages',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    masked: boolean('masked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_messages_thread_idx').on(t.jobId, t.plumberId, t.createdAt),
    check(
      'job_messages_body_ck',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(MESSAGE_MAX_LENGTH))}`,
    ),
  ],
);

export type JobMessage = typeof jobMessages.$inferSelect;
export type NewJobMessage = typeof jobMessages.$inferInsert;
