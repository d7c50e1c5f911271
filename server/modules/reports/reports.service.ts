import {
  ADMIN_QUEUE_LIMIT,
  MAX_OPEN_REPORTS_PER_JOB,
  type AdminReport,
  type AdminReportsQuery,
  type CreateReport,
  type JobReport as JobReportView,
  type ReportReason,
  type ReportStatus,
  type UpdateReport,
} from '@shared/contracts/admin-queues';
import type { CurrentUser } from '@shared/contracts/auth';
import { formatUsd, toCents } from '@shared/money';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit';
import type { Job, JobsService } from '../jobs';
import { notificationCopy, type NotificationsService } from '../notifications';
import type { PlumbersService } from '../plumbers';
import {
  countOpenReports,
  findRefundLimit,
  findReportForAdmin,
  hasQuotedOn,
  insertReport,
  listReportsForAdmin,
  listReportsOf,
  lockReport,
  updateReport,
  type AdminReportRow,
  type JobReport,
  type ReportDecision,
} from './reports.repository';

export const REPORT_SERVICE_MESSAGES = {
  jobNotFound: 'Job not found',
  reportNotFound: 'Report not found',
  tooManyOpen: `You already have ${MAX_OPEN_REPORTS_PER_JOB} reports on this job waiting for an answer. We will answer them first.`,
  closed: 'This report is closed: it cannot be changed',
  alreadyAnswered: 'This report has already been answered: close it, with a refund if one is due',
  refundAboveLimit: (limit: string) =>
    `The refund can be at most ${formatUsd(limit)}: what the homeowner agreed to pay for this job`,
} as const;

export function toJobReport(row: JobReport): JobReportView {
  return {
    id: row.id,
    jobId: row.jobId,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportStatus,
    answer: row.answer,
    refundAmount: row.refundAmount,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function toAdminReport(row: AdminReportRow): AdminReport {
  return {
    ...toJobReport(row.report),
    reporter: {
      id: row.report.reporterId,
      role: row.report.reporterRole as AdminReport['reporter']['role'],
      name: row.reporterName,
      email: row.reporterEmail,
    },
    job: { ...row.job, refundLimit: row.refundLimit },
    answeredBy: row.report.answeredBy,
  };
}

/** The admin's side of a report, as the audit log keeps it. */
const decisionOf = (report: JobReport) => ({
  status: report.status,
  answer: report.answer,
  refundAmount: report.refundAmount,
  answeredAt: report.answeredAt,
  closedAt: report.closedAt,
});

export interface ReportsServiceDeps {
  db: Database;
  jobs: Pick<JobsService, 'findById' | 'lockById'>;
  plumbers: Pick<PlumbersService, 'findForUser'>;
  /** Tells the reporter of an answer or a close, in its transaction (bell, then mail by their choice). */
  notifications: Pick<NotificationsService, 'notify'>;
  /** Every admin write is recorded in its own transaction (docs/decisions/031-admin-operations.md). */
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

/**
 * Problem reports on jobs: the job's homeowner and the plumbers involved with it (who quoted on it
 * or were hired) report; everyone else is told the job does not exist, as on the other job routes.
 * Admins answer, record a refund of at most what the homeowner agreed to pay, and close.
 */
export function createReportsService({
  db,
  jobs,
  plumbers,
  notifications,
  audit,
  now = () => new Date(),
}: ReportsServiceDeps) {
  /** As whom the actor may report on the job: its homeowner or an involved plumber; else 404. */
  async function reporterRoleOn(executor: Executor, actor: CurrentUser, job: Job | undefined) {
    if (job && actor.role === 'homeowner' && job.customerId === actor.id) return 'homeowner' as const;
    if (job && actor.role === 'plumber') {
      const plumber = await plumbers.findForUser(executor, actor.id);
      if (plumber && (job.plumberId === plumber.id || (await hasQuotedOn(executor, job.id, plumber.id)))) {
        return 'plumber' as const;
      }
    }
    throw new AppError('NOT_FOUND', REPORT_SERVICE_MESSAGES.jobNotFound);
  }

  return {
    /**
     * Files a report. The job's row is locked while the reporter's open reports are counted, so
     * concurrent reports cannot pass the cap of MAX_OPEN_REPORTS_PER_JOB together.
     */
    async file(actor: CurrentUser, jobId: string, input: CreateReport): Promise<JobReportView> {
      return db.transaction(async (tx) => {
        const job = await jobs.lockById(tx, jobId);
        const reporterRole = await reporterRoleOn(tx, actor, job);
        if ((await countOpenReports(tx, jobId, actor.id)) >= MAX_OPEN_REPORTS_PER_JOB) {
          throw new AppError('CONFLICT', REPORT_SERVICE_MESSAGES.tooManyOpen);
        }
        const report = await insertReport(tx, {
          jobId,
          reporterId: actor.id,
          reporterRole,
          reason: input.reason,
          details: input.details,
        });
        return toJobReport(report);
      });
    },

    /** The actor's own reports on the job, newest first (who may: as `file`). */
    async listMine(actor: CurrentUser, jobId: string): Promise<JobReportView[]> {
      await reporterRoleOn(db, actor, await jobs.findById(jobId));
      return (await listReportsOf(db, jobId, actor.id)).map(toJobReport);
    },

    /** For the Queues tab: one status, or all with the open ones first; at most ADMIN_QUEUE_LIMIT. */
    async listForAdmin({ status }: AdminReportsQuery): Promise<AdminReport[]> {
      return (await listReportsForAdmin(db, status, ADMIN_QUEUE_LIMIT)).map(toAdminReport);
    },

    /**
     * An admin answers (open → answered) or closes (open or answered → closed) a report, with an
     * optional refund; a closed report is final (409). The reporter is notified once per answer
     * and once per close, and the audit row commits with the change.
     */
    async decide(actor: CurrentUser, reportId: string, input: UpdateReport): Promise<AdminReport> {
      return db.transaction(async (tx) => {
        const report = await lockReport(tx, reportId);
        if (!report) throw new AppError('NOT_FOUND', REPORT_SERVICE_MESSAGES.reportNotFound);
        if (report.status === 'closed') throw new AppError('CONFLICT', REPORT_SERVICE_MESSAGES.closed);
        if (input.status === 'answered' && report.status === 'answered') {
          throw new AppError('CONFLICT', REPORT_SERVICE_MESSAGES.alreadyAnswered);
        }
        if (input.refundAmount !== undefined) {
          const limit = await findRefundLimit(tx, report.jobId);
          if (limit !== null && toCents(input.refundAmount) > toCents(limit)) {
            const message = REPORT_SERVICE_MESSAGES.refundAboveLimit(limit);
            throw new AppError('VALIDATION_ERROR', message, [{ path: 'refundAmount', message }]);
          }
        }

        const current = now();
        const changes: ReportDecision = { status: input.status };
        if (input.answer !== undefined) {
          changes.answer = input.answer;
          changes.answeredBy = actor.id;
          changes.answeredAt = current;
        }
        if (input.refundAmount !== undefined) changes.refundAmount = input.refundAmount;
        if (input.status === 'closed') changes.closedAt = current;
        const updated = await updateReport(tx, report.id, changes);

        await audit.record(tx, actor, {
          action: input.status === 'answered' ? 'report.answer' : 'report.close',
          entityType: 'report',
          entityId: report.id,
          before: decisionOf(report),
          after: decisionOf(updated),
          reason: input.answer ?? null,
        });
        const view = await findReportForAdmin(tx, report.id);
        if (!view) throw new AppError('NOT_FOUND', REPORT_SERVICE_MESSAGES.reportNotFound);
        if (updated.reporterId) {
          // A refund of 0 is a decision not to refund: the reporter reads no amount.
          const refund =
            updated.refundAmount && toCents(updated.refundAmount) > 0 ? updated.refundAmount : null;
          const text =
            input.status === 'answered'
              ? notificationCopy.reportAnswered(view.job.issueSlug, updated.answer ?? '', refund)
              : notificationCopy.reportClosed(view.job.issueSlug, input.answer ?? null, refund);
          await notifications.notify(tx, [
            {
              userId: updated.reporterId,
              // The report's status changed: mailed unless the reporter turned status changes off.
              kind: 'status_changed',
              jobId: updated.jobId,
              eventKey: `report:${updated.id}:${input.status}`,
              ...text,
            },
          ]);
        }
        return toAdminReport(view);
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
