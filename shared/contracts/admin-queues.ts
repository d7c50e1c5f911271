import { z } from './zod';
import { JOB_STATUSES, SERVICE_REQUEST_STATUSES, URGENCIES } from '../constants';
import { MAX_MONEY, fromCents, toCents } from '../money';
import { BOOKING_MESSAGES } from './booking';
import { jobIdParam, timestampSchema, uuidField } from './common';
import { defineRoute } from './http';

/**
 * The admins' two queues: service requests from /book (guest bookings included) and problem reports
 * on jobs, with the routes a job's homeowner and plumbers use to report a problem and follow it.
 */

export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** The most rows one queue answer holds: a queue is worked from its oldest end. */
export const ADMIN_QUEUE_LIMIT = 200;

/**
 * Where a request stands with its mailed confirmation link (docs/decisions/026-guest-booking-confirmation.md):
 * `not_needed` — made by an account; `waiting` — a guest's, link not used yet and still in time;
 * `confirmed` — by the link or by an admin on the phone; `lapsed` — a guest's that missed its deadline.
 */
export const SERVICE_REQUEST_CONFIRMATIONS = ['not_needed', 'waiting', 'confirmed', 'lapsed'] as const;
export type ServiceRequestConfirmation = (typeof SERVICE_REQUEST_CONFIRMATIONS)[number];

/** Where each status may go: pending → confirmed | cancelled, confirmed → completed | cancelled; the rest is final. */
export const SERVICE_REQUEST_TRANSITIONS: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

const NOTE_MAX = 1000;
const CANCELLATION_REASON_MIN = 3;
const CANCELLATION_REASON_MAX = 500;

export const SERVICE_REQUEST_QUEUE_MESSAGES = {
  statusInvalid: `Status must be one of: ${SERVICE_REQUEST_STATUSES.join(', ')}`,
  idInvalid: BOOKING_MESSAGES.serviceRequestIdInvalid,
  noteMin: 'The note cannot be blank',
  noteMax: `Note must be at most ${NOTE_MAX} characters`,
  contactedInvalid: 'Contacted can only be true: it records that you called the requester',
  cancellationReasonMin: `Give the requester a reason of at least ${CANCELLATION_REASON_MIN} characters`,
  cancellationReasonMax: `Reason must be at most ${CANCELLATION_REASON_MAX} characters`,
  cancellationReasonRequired: 'Cancelling needs a reason for the requester',
  cancellationReasonOnlyOnCancel: 'A cancellation reason goes only with cancelling',
  nothingToChange: 'Give a status, a note or that you called',
} as const;

/** `?status=` of GET /api/admin/service-requests: the pending queue by default. */
export const serviceRequestQueueQuery = z.object({
  status: z
    .enum(SERVICE_REQUEST_STATUSES, { error: SERVICE_REQUEST_QUEUE_MESSAGES.statusInvalid })
    .default('pending'),
});
export type ServiceRequestQueueQueryInput = z.input<typeof serviceRequestQueueQuery>;
export type ServiceRequestQueueQuery = z.output<typeof serviceRequestQueueQuery>;

/** The `:id` of /api/admin/service-requests/:id. */
export const serviceRequestIdParam = z.object({ id: uuidField(SERVICE_REQUEST_QUEUE_MESSAGES.idInvalid) });
export type ServiceRequestIdParam = z.input<typeof serviceRequestIdParam>;

/** A request as the Queues tab shows it: everything needed to call the requester and act. */
export const queuedServiceRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  serviceType: z.string(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  preferredDate: z.string(),
  /** The booked slot (its day and times on the app's clock), when one was chosen. */
  slot: z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  /** Made without an account (it may have been claimed by one since: then false). */
  guest: z.boolean(),
  confirmation: z.enum(SERVICE_REQUEST_CONFIRMATIONS),
  /** While `waiting`: when the booking lapses. */
  confirmBy: timestampSchema.nullable(),
  adminNote: z.string().nullable(),
  contactedAt: timestampSchema.nullable(),
  cancellationReason: z.string().nullable(),
  /** The job it became (converted by an admin, or posted with a homeowner's own booking). */
  jobId: z.uuid().nullable(),
  createdAt: timestampSchema,
});
export type QueuedServiceRequest = z.infer<typeof queuedServiceRequestSchema>;

const noteField = z
  .string({ error: SERVICE_REQUEST_QUEUE_MESSAGES.noteMin })
  .trim()
  .min(1, { error: SERVICE_REQUEST_QUEUE_MESSAGES.noteMin })
  .max(NOTE_MAX, { error: SERVICE_REQUEST_QUEUE_MESSAGES.noteMax });

/**
 * PATCH /api/admin/service-requests/:id — an admin's action on a request: a new `status` (confirm,
 * complete, cancel with `cancellationReason`), `contacted: true` (the admin called the requester),
 * a `note` (replaces the last one). At least one of them; they may come together ("called, confirmed").
 */
export const updateServiceRequestInput = z
  .object({
    status: z
      .enum(SERVICE_REQUEST_STATUSES, { error: SERVICE_REQUEST_QUEUE_MESSAGES.statusInvalid })
      .optional(),
    note: noteField.optional(),
    contacted: z.literal(true, { error: SERVICE_REQUEST_QUEUE_MESSAGES.contactedInvalid }).optional(),
    cancellationReason: z
      .string({ error: SERVICE_REQUEST_QUEUE_MESSAGES.cancellationReasonMin })
      .trim()
      .min(CANCELLATION_REASON_MIN, { error: SERVICE_REQUEST_QUEUE_MESSAGES.cancellationReasonMin })
      .max(CANCELLATION_REASON_MAX, { error: SERVICE_REQUEST_QUEUE_MESSAGES.cancellationReasonMax })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'cancelled' && input.cancellationReason === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancellationReason'],
        message: SERVICE_REQUEST_QUEUE_MESSAGES.cancellationReasonRequired,
      });
    } else if (input.status !== 'cancelled' && input.cancellationReason !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancellationReason'],
        message: SERVICE_REQUEST_QUEUE_MESSAGES.cancellationReasonOnlyOnCancel,
      });
    } else if (input.status === undefined && input.note === undefined && input.contacted === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: SERVICE_REQUEST_QUEUE_MESSAGES.nothingToChange,
      });
    }
  });
export type UpdateServiceRequestInput = z.input<typeof updateServiceRequestInput>;
export type UpdateServiceRequest = z.output<typeof updateServiceRequestInput>;

/** POST /api/admin/service-requests/:id/convert — an optional note kept with the request. */
export const convertServiceRequestInput = z.object({ note: noteField.optional() });
export type ConvertServiceRequestInput = z.input<typeof convertServiceRequestInput>;

// Problem reports.

/** Why a homeowner or a plumber reports a problem with a job. */
export const REPORT_REASONS = ['no_show', 'quality', 'billing', 'safety', 'conduct', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  no_show: 'No-show',
  quality: 'Quality of the work',
  billing: 'Billing',
  safety: 'Safety',
  conduct: 'Conduct',
  other: 'Something else',
};

/** open → answered → closed; an open report may also be closed at once (with or without an answer). */
export const REPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What an admin may set: answering and closing. */
export const REPORT_DECISIONS = ['answered', 'closed'] as const;

export const REPORT_DETAILS_MIN = 10;
export const REPORT_DETAILS_MAX = 2000;
export const REPORT_ANSWER_MIN = 3;
export const REPORT_ANSWER_MAX = 2000;
/**
 * Reports one person may have waiting for an answer on one job: enough for separate problems,
 * too few to flood the queue (more wait until an admin answers).
 */
export const MAX_OPEN_REPORTS_PER_JOB = 3;

export const REPORT_MESSAGES = {
  reasonInvalid: 'Choose what the problem is about',
  detailsMin: `Describe the problem in at least ${REPORT_DETAILS_MIN} characters`,
  detailsMax: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  reportIdInvalid: 'Invalid report id',
  statusInvalid: `Status must be one of: ${REPORT_STATUSES.join(', ')}`,
  decisionInvalid: `Status must be one of: ${REPORT_DECISIONS.join(', ')}`,
  answerMin: `Write an answer of at least ${REPORT_ANSWER_MIN} characters`,
  answerMax: `Answer must be at most ${REPORT_ANSWER_MAX} characters`,
  answerRequired: 'Answering needs an answer for the reporter',
  refundNotNumber: 'Refund must be an amount such as 25 or 25.50',
  refundNegative: 'Refund cannot be negative',
  refundDecimals: 'Refund can have at most 2 decimal places',
  refundMax: 'Refund must be at most 99,999,999.99',
} as const;

const NUMERIC_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A refund in dollars, 0 or more, with at most 2 decimals, as a number or numeric text (form inputs
 * send text); parsed to the text numeric(10,2) stores ('25.00'). Like `moneyField` (quotes.ts), but
 * 0 is a valid refund.
 */
export const refundAmountField = z
  .union([z.number(), z.string()], { error: REPORT_MESSAGES.refundNotNumber })
  .transform((raw, ctx) => {
    const text = typeof raw === 'string' ? raw.trim() : undefined;
    const value = text === undefined ? (raw as number) : NUMERIC_TEXT.test(text) ? Number(text) : Number.NaN;
    const problem = !Number.isFinite(value)
      ? REPORT_MESSAGES.refundNotNumber
      : value < 0
        ? REPORT_MESSAGES.refundNegative
        : value > MAX_MONEY
          ? REPORT_MESSAGES.refundMax
          : Math.abs(value * 100 - Math.round(value * 100)) >= 1e-6
            ? REPORT_MESSAGES.refundDecimals
            : undefined;
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: raw });
      return z.NEVER;
    }
    return fromCents(toCents(value));
  });

/** POST /api/jobs/:jobId/reports */
export const createReportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonInvalid }),
  details: z
    .string({ error: REPORT_MESSAGES.detailsMin })
    .trim()
    .min(REPORT_DETAILS_MIN, { error: REPORT_MESSAGES.detailsMin })
    .max(REPORT_DETAILS_MAX, { error: REPORT_MESSAGES.detailsMax }),
});
export type CreateReportInput = z.input<typeof createReportInput>;
export type CreateReport = z.output<typeof createReportInput>;

/** A report as its reporter follows it in the job room. */
export const jobReportSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  answer: z.string().nullable(),
  /** Recorded by the admin ('25.00'); null when none was. */
  refundAmount: z.string().nullable(),
  createdAt: timestampSchema,
  answeredAt: timestampSchema.nullable(),
  closedAt: timestampSchema.nullable(),
});
export type JobReport = z.infer<typeof jobReportSchema>;

/** `?status=` of GET /api/admin/reports: one status, or every report with the open ones first. */
export const adminReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.statusInvalid }).optional(),
});
export type AdminReportsQueryInput = z.input<typeof adminReportsQuery>;
export type AdminReportsQuery = z.output<typeof adminReportsQuery>;

/** The `:reportId` of /api/admin/reports/:reportId. */
export const reportIdParam = z.object({ reportId: uuidField(REPORT_MESSAGES.reportIdInvalid) });
export type ReportIdParam = z.input<typeof reportIdParam>;

/** A report as the Queues tab shows it: who reported, on which job, and the most a refund may be. */
export const adminReportSchema = jobReportSchema.extend({
  reporter: z.object({
    /** Null once the reporter's account is gone. */
    id: z.uuid().nullable(),
    role: z.enum(['homeowner', 'plumber']),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  job: z.object({
    id: z.uuid(),
    issueSlug: z.string(),
    currentStatus: z.enum(JOB_STATUSES),
    /**
     * What the homeowner agreed to pay (the accepted quote's maximum plus approved change orders):
     * the largest refund; null while no quote is accepted (then only MAX_MONEY bounds it).
     */
    refundLimit: z.string().nullable(),
  }),
  answeredBy: z.uuid().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/**
 * PATCH /api/admin/reports/:reportId — answer (`answer` required) or close (an answer optional), with
 * an optional refund. The reporter is notified.
 */
export const updateReportInput = z
  .object({
    status: z.enum(REPORT_DECISIONS, { error: REPORT_MESSAGES.decisionInvalid }),
    answer: z
      .string({ error: REPORT_MESSAGES.answerMin })
      .trim()
      .min(REPORT_ANSWER_MIN, { error: REPORT_MESSAGES.answerMin })
      .max(REPORT_ANSWER_MAX, { error: REPORT_MESSAGES.answerMax })
      .optional(),
    refundAmount: refundAmountField.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'answered' && input.answer === undefined) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: REPORT_MESSAGES.answerRequired });
    }
  });
export type UpdateReportInput = z.input<typeof updateReportInput>;
export type UpdateReport = z.output<typeof updateReportInput>;

export const adminQueueRoutes = {
  /** Pending and confirmed requests oldest first (a queue); completed and cancelled newest first. */
  listServiceRequests: defineRoute({
    method: 'GET',
    path: '/api/admin/service-requests',
    query: serviceRequestQueueQuery,
    response: z.array(queuedServiceRequestSchema),
  }),
  /** 409 for a move the status does not allow (SERVICE_REQUEST_TRANSITIONS). */
  updateServiceRequest: defineRoute({
    method: 'PATCH',
    path: '/api/admin/service-requests/:id',
    params: serviceRequestIdParam,
    body: updateServiceRequestInput,
    response: queuedServiceRequestSchema,
  }),
  /** Posts the request as a job of its account (a guest's: the verified account with its e-mail), once. */
  convertServiceRequest: defineRoute({
    method: 'POST',
    path: '/api/admin/service-requests/:id/convert',
    params: serviceRequestIdParam,
    body: convertServiceRequestInput,
    response: queuedServiceRequestSchema,
    status: 201,
  }),
  /** The job's homeowner or a plumber who quoted on it or was hired; others 404, admins 403. */
  fileReport: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/reports',
    params: jobIdParam,
    body: createReportInput,
    response: jobReportSchema,
    status: 201,
  }),
  /** The caller's own reports on the job, newest first (who may: as fileReport). */
  listMyReports: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/reports',
    params: jobIdParam,
    response: z.array(jobReportSchema),
  }),
  listReports: defineRoute({
    method: 'GET',
    path: '/api/admin/reports',
    query: adminReportsQuery,
    response: z.array(adminReportSchema),
  }),
  /** 409 once closed, or when answering a report already answered. */
  updateReport: defineRoute({
    method: 'PATCH',
    path: '/api/admin/reports/:reportId',
    params: reportIdParam,
    body: updateReportInput,
    response: adminReportSchema,
  }),
};
