import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { jobs, quotes, type NewQuote, type Quote } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Quote };
/** Tells the conflict of ONE_ACCEPTED_PER_JOB from other failures. */
export { isUniqueViolation } from '../../db/errors';

/** The partial unique index that allows one accepted quote per job (docs/decisions/008). */
export const ONE_ACCEPTED_PER_JOB = 'quotes_one_accepted_per_job_uq';

/** Inserts the quote unless this plumber already quoted this job; undefined on that conflict. */
export async function insertQuoteIfNew(db: Executor, values: NewQuote): Promise<Quote | undefined> {
  const [row] = await db
    .insert(quotes)
    .values(values)
    .onConflictDoNothing({ target: [quotes.jobId, quotes.plumberId] })
    .returning();
  return row;
}

export async function findQuoteById(db: Executor, id: string): Promise<Quote | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return row;
}

export async function findAcceptedQuote(db: Executor, jobId: string): Promise<Quote | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), eq(quotes.status, 'accepted')))
    .limit(1);
  return row;
}

export async function listQuotesByJob(db: Executor, jobId: string): Promise<Quote[]> {
  return db
    .select()
    .from(quotes)
    .where(eq(quotes.jobId, jobId))
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
}

export async function listQuotesByJobAndPlumber(
  db: Executor,
  jobId: string,
  plumberId: string,
): Promise<Quote[]> {
  return db
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), eq(quotes.plumberId, plumberId)))
    .limit(1);
}

/** A plumber's quotes, newest first, with the state of the job each is for. */
export async function listQuotesByPlumber(db: Executor, plumberId: string) {
  return db
    .select({ quote: quotes, job: { issueSlug: jobs.issueSlug, currentStatus: jobs.currentStatus } })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(eq(quotes.plumberId, plumberId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
}

/** Marks the quote accepted: the partial unique index refuses a second accepted quote for the job. */
export async function markQuoteAccepted(db: Executor, quoteId: string): Promise<Quote> {
  const [row] = await db.update(quotes).set({ status: 'accepted' }).where(eq(quotes.id, quoteId)).returning();
  return row;
}

/** The other quotes of a job that was just given to someone else. */
export async function declineOtherQuotes(
  db: Executor,
  jobId: string,
  acceptedQuoteId: string,
): Promise<void> {
  await db
    .update(quotes)
    .set({ status: 'declined' })
    .where(and(eq(quotes.jobId, jobId), ne(quotes.id, acceptedQuoteId), eq(quotes.status, 'pending')));
}
