import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ReportStatus } from '@shared/contracts/admin-queues';
import { jobReports, jobs, quotes, users, type JobReport, type NewJobReport } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { JobReport };

export async function insertReport(tx: Executor, values: NewJobReport): Promise<JobReport> {
  const [row] = await tx.insert(jobReports).values(values).returning();
  return row;
}

/** Reports of `reporterId` on the job still waiting for an answer. */
export async function countOpenReports(db: Executor, jobId: string, reporterId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobReports)
    .where(
      and(eq(jobReports.jobId, jobId), eq(jobReports.reporterId, reporterId), eq(jobReports.status, 'open')),
    );
  return row?.count ?? 0;
}

/** One person's reports on one job, newest first. */
export async function listReportsOf(db: Executor, jobId: string, reporterId: string): Promise<JobReport[]> {
  return db
    .select()
    .from(jobReports)
    .where(and(eq(jobReports.jobId, jobId), eq(jobReports.reporterId, reporterId)))
    .orderBy(desc(jobReports.createdAt), desc(jobReports.id));
}

/** Whether the plumber quoted on the job (any quote, accepted or not). */
export async function hasQuotedOn(db: Executor, jobId: string, plumberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), eq(quotes.plumberId, plumberId)))
    .limit(1);
  return row !== undefined;
}

/**
 * What the homeowner agreed to pay for the job, as numeric(10,2) text: the accepted quote's maximum
 * plus the approved change orders (the rule of the jobs module's `agreedMaxCents`); null while no
 * quote is accepted.
 */
const refundLimitOf = (jobId: SQL | AnyColumn) => sql<string | null>`(
  select (q.max_total + coalesce(
    (select sum(co.amount) from change_orders co where co.job_id = q.job_id and co.status = 'approved'), 0
  ))::numeric(12, 2)::text
  from quotes q where q.job_id = ${jobId} and q.status = 'accepted' limit 1)`;

/** A report with its job and reporter, as the admins' queue shows it. */
export interface AdminReportRow {
  report: JobReport;
  job: { id: string; issueSlug: string; currentStatus: (typeof jobs.$inferSelect)['currentStatus'] };
  reporterName: string | null;
  reporterEmail: string | null;
  refundLimit: string | null;
}

function adminReportsQuery(db: Executor) {
  return db
    .select({
      report: jobReports,
      job: { id: jobs.id, issueSlug: jobs.issueSlug, currentStatus: jobs.currentStatus },
      reporterName: users.name,
      reporterEmail: users.email,
      refundLimit: refundLimitOf(jobReports.jobId),
    })
    .from(jobReports)
    .innerJoin(jobs, eq(jobs.id, jobReports.jobId))
    .leftJoin(users, eq(users.id, jobReports.reporterId));
}

/**
 * Reports of one status, or all with the open ones first (then answered, then closed): open ones
 * oldest first (the queue), the others most recently handled first. At most `limit`.
 */
export async function listReportsForAdmin(
  db: Executor,
  status: ReportStatus | undefined,
  limit: number,
): Promise<AdminReportRow[]> {
  const rank = sql`case ${jobReports.status} when 'open' then 0 when 'answered' then 1 else 2 end`;
  const openSince = sql`case when ${jobReports.status} = 'open' then ${jobReports.createdAt} end`;
  return adminReportsQuery(db)
    .where(status ? eq(jobReports.status, status) : undefined)
    .orderBy(asc(rank), asc(openSince), desc(jobReports.updatedAt), asc(jobReports.id))
    .limit(limit);
}

export async function findReportForAdmin(
  db: Executor,
  reportId: string,
): Promise<AdminReportRow | undefined> {
  const [row] = await adminReportsQuery(db).where(eq(jobReports.id, reportId)).limit(1);
  return row;
}

/** Reads a report and locks its row until the transaction ends (one admin decision at a time). */
export async function lockReport(tx: Executor, reportId: string): Promise<JobReport | undefined> {
  const [row] = await tx.select().from(jobReports).where(eq(jobReports.id, reportId)).limit(1).for('update');
  return row;
}

/** The job's agreed amount (see `refundLimitOf`), read in the caller's transaction. */
export async function findRefundLimit(db: Executor, jobId: string): Promise<string | null> {
  const result = await db.execute<{ refund_limit: string | null }>(
    sql`select ${refundLimitOf(sql`${jobId}`)} as refund_limit`,
  );
  return result.rows[0]?.refund_limit ?? null;
}

export type ReportDecision = Partial<
  Pick<JobReport, 'status' | 'answer' | 'refundAmount' | 'answeredBy' | 'answeredAt' | 'closedAt'>
>;

export async function updateReport(
  tx: Executor,
  reportId: string,
  changes: ReportDecision,
): Promise<JobReport> {
  const [row] = await tx.update(jobReports).set(changes).where(eq(jobReports.id, reportId)).returning();
  return row;
}
