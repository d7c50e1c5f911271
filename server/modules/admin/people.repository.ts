import { and, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_JOB_STATUSES, PAST_JOB_STATUSES, type UserRole } from '@shared/constants';
import { jobs, plumbers, quotes, users, type User } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { User };

/** An account and what it has done on the marketplace (see `personActivitySchema`). */
export interface PersonRow {
  user: User;
  jobsPosted: number;
  quotesSent: number;
  lastActiveAt: Date | null;
}

/**
 * Counted per account with correlated subqueries on indexed columns (jobs by customer, quotes by
 * plumber), so a page of accounts costs a few index lookups each, never a scan of jobs or quotes.
 * Written out with aliases: in a select list drizzle leaves column names unqualified, and `id` or
 * `created_at` would be ambiguous between the tables.
 */
const jobsPosted = sql<number>`(select count(*) from jobs j where j.customer_id = users.id)`.mapWith(Number);
const quotesSent = sql<number>`(select count(*) from quotes q
  join plumbers p on p.id = q.plumber_id where p.user_id = users.id)`.mapWith(Number);
// greatest() skips nulls: null only when the account has neither posted a job nor sent a quote.
const lastActiveAt = sql<Date | null>`greatest(
  (select max(j.created_at) from jobs j where j.customer_id = users.id),
  (select max(q.created_at) from quotes q join plumbers p on p.id = q.plumber_id where p.user_id = users.id)
)`.mapWith(users.createdAt);

const personColumns = { user: users, jobsPosted, quotesSent, lastActiveAt };

/** `text` matched anywhere, case-insensitively, with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts whose e-mail or name contains `text` (every account when it is empty), newest first. */
export async function searchPeople(
  db: Executor,
  { text, limit }: { text: string; limit: number },
): Promise<PersonRow[]> {
  const where: SQL | undefined = text
    ? or(ilike(users.email, containing(text)), ilike(users.name, containing(text)))
    : undefined;
  return db
    .select(personColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function findPerson(db: Executor, userId: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Serialises every change to who is an active admin (suspend, reinstate, role change) across all
 * instances until the transaction ends: each reads the admin count after the previous one has
 * committed, so two admins demoting each other at once cannot leave none.
 */
export async function lockAdminRoster(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plumbline:admin-roster'))`);
}

/** Locks the account's row for the rest of the transaction. */
export async function lockUser(tx: Executor, userId: string): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row;
}

/** Admins that are neither suspended nor deleted. */
export async function countActiveAdmins(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt), isNull(users.deletedAt)));
  return row?.count ?? 0;
}

export async function updateSuspension(
  tx: Executor,
  userId: string,
  suspension: { suspendedAt: Date; suspensionReason: string } | { suspendedAt: null; suspensionReason: null },
): Promise<void> {
  await tx.update(users).set(suspension).where(eq(users.id, userId));
}

export async function updateRole(tx: Executor, userId: string, role: UserRole): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/** What a plumber account still has to finish: jobs it was hired for, and quotes a homeowner may still accept. */
export async function countPlumberWorkInHand(
  tx: Executor,
  userId: string,
): Promise<{ activeJobs: number; pendingQuotes: number }> {
  const [activeJobs] = await tx
    .select({ count: count() })
    .from(jobs)
    .innerJoin(plumbers, eq(plumbers.id, jobs.plumberId))
    .where(and(eq(plumbers.userId, userId), notInArray(jobs.currentStatus, [...PAST_JOB_STATUSES])));
  const [pendingQuotes] = await tx
    .select({ count: count() })
    .from(quotes)
    .innerJoin(plumbers, eq(plumbers.id, quotes.plumberId))
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(
      and(
        eq(plumbers.userId, userId),
        eq(quotes.status, 'pending'),
        inArray(jobs.currentStatus, [...OPEN_JOB_STATUSES]),
      ),
    );
  return { activeJobs: activeJobs?.count ?? 0, pendingQuotes: pendingQuotes?.count ?? 0 };
}

/** Jobs the account posted that are neither completed nor cancelled. */
export async function countHomeownerJobsInHand(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(jobs)
    .where(and(eq(jobs.customerId, userId), notInArray(jobs.currentStatus, [...PAST_JOB_STATUSES])));
  return row?.count ?? 0;
}
