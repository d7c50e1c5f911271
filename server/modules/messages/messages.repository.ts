import { and, asc, eq } from 'drizzle-orm';
import { jobMessages, quotes, users, type JobMessage, type NewJobMessage } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { JobMessage };

/** A message with its author's account name (null once the account is deleted or has none). */
export interface MessageRow {
  message: JobMessage;
  authorName: string | null;
}

export async function insertMessage(db: Executor, values: NewJobMessage): Promise<JobMessage> {
  const [row] = await db.insert(jobMessages).values(values).returning();
  return row;
}

/**
 * A job's messages, oldest first (job_messages_thread_idx); only the thread of `plumberId` when
 * given.
 */
export async function listMessages(db: Executor, jobId: string, plumberId?: string): Promise<MessageRow[]> {
  return db
    .select({ message: jobMessages, authorName: users.name })
    .from(jobMessages)
    .innerJoin(users, eq(users.id, jobMessages.authorId))
    .where(and(eq(jobMessages.jobId, jobId), plumberId ? eq(jobMessages.plumberId, plumberId) : undefined))
    .orderBy(asc(jobMessages.createdAt), asc(jobMessages.id));
}

export async function threadExists(db: Executor, jobId: string, plumberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobMessages.id })
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, jobId), eq(jobMessages.plumberId, plumberId)))
    .limit(1);
  return row !== undefined;
}

/** The plumbers who quoted on a job and when, first quote first (one quote per plumber and job). */
export async function listQuotingPlumbers(
  db: Executor,
  jobId: string,
): Promise<{ plumberId: string; quotedAt: Date }[]> {
  return db
    .select({ plumberId: quotes.plumberId, quotedAt: quotes.createdAt })
    .from(quotes)
    .where(eq(quotes.jobId, jobId))
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
}

export async function hasQuoted(db: Executor, jobId: string, plumberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), eq(quotes.plumberId, plumberId)))
    .limit(1);
  return row !== undefined;
}
