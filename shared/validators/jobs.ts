import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { LIMITS } from '../constants';
import { jobs } from '../schema';
import { BOOKING_MESSAGES } from './booking';
import { FIELD_MESSAGES, isoDateField, issueSlugField, urgencyField, uuidField } from './common';
import { moneyField } from './quotes';

export const JOB_MESSAGES = {
  issueSlugRequired: BOOKING_MESSAGES.issueSlugRequired,
  descriptionMin: BOOKING_MESSAGES.descriptionMin,
  descriptionMax: BOOKING_MESSAGES.descriptionMax,
  addressRequired: BOOKING_MESSAGES.addressRequired,
  addressMax: BOOKING_MESSAGES.addressMax,
  jobIdInvalid: FIELD_MESSAGES.jobIdInvalid,
  quoteIdInvalid: 'Invalid quote id',
  statusInvalid: 'Status must be in_progress, completed or cancelled',
  notesMax: 'Notes must be at most 1000 characters',
  finalAmountRequired: 'Final amount is required',
  changeOrderIdInvalid: 'Invalid change order id',
  changeOrderAmountRequired: 'Amount is required',
  changeOrderReasonMin: 'Reason must be at least 3 characters',
  changeOrderReasonMax: 'Reason must be at most 500 characters',
} as const;

/** Statuses a person may set by hand; requested/quoted/scheduled follow from posting and quoting. */
export const MANUAL_JOB_STATUSES = ['in_progress', 'completed', 'cancelled'] as const;
export type ManualJobStatus = (typeof MANUAL_JOB_STATUSES)[number];

/**
 * A job as a homeowner describes it. The server owns the customer (the session), the plumber
 * (accepting a quote), the status, the coordinates (from the ZIP) and timestamps.
 */
export const insertJobSchema = createInsertSchema(jobs, {
  issueSlug: issueSlugField(JOB_MESSAGES.issueSlugRequired),
  issueDescription: z
    .string({ error: JOB_MESSAGES.descriptionMin })
    .trim()
    .min(LIMITS.bookingDescriptionMin, { error: JOB_MESSAGES.descriptionMin })
    .max(5000, { error: JOB_MESSAGES.descriptionMax }),
  address: z
    .string({ error: JOB_MESSAGES.addressRequired })
    .trim()
    .min(LIMITS.addressMin, { error: JOB_MESSAGES.addressRequired })
    .max(300, { error: JOB_MESSAGES.addressMax }),
  urgency: urgencyField().optional(),
  preferredDate: isoDateField().nullish(),
}).omit({
  id: true,
  createdAt: true,
  updatedAt: true,
  customerId: true,
  plumberId: true,
  currentStatus: true,
  lat: true,
  lng: true,
});
export type InsertJobInput = z.input<typeof insertJobSchema>;

/** The `:jobId` of /api/jobs/:jobId/accept-quote, /api/quotes/job/:jobId, … */
export const jobIdParam = z.object({ jobId: uuidField(JOB_MESSAGES.jobIdInvalid) });
export type JobIdParam = z.input<typeof jobIdParam>;

/** POST /api/jobs/:jobId/accept-quote */
export const acceptQuoteInput = z.object({ quoteId: uuidField(JOB_MESSAGES.quoteIdInvalid) });
export type AcceptQuoteInput = z.input<typeof acceptQuoteInput>;

/**
 * PATCH /api/jobs/:jobId/status — plus, when the plumber completes the job, an optional final amount
 * (otherwise the accepted quote's maximum is paid out).
 */
export const updateJobStatusInput = z.object({
  status: z.enum(MANUAL_JOB_STATUSES, { error: JOB_MESSAGES.statusInvalid }),
  notes: z.string().trim().max(1000, { error: JOB_MESSAGES.notesMax }).optional(),
  finalAmount: moneyField(JOB_MESSAGES.finalAmountRequired).optional(),
});
export type UpdateJobStatusInput = z.input<typeof updateJobStatusInput>;
export type UpdateJobStatus = z.output<typeof updateJobStatusInput>;

/** A change order's reason, as the homeowner will read it. */
export const CHANGE_ORDER_REASON_MIN = 3;
export const CHANGE_ORDER_REASON_MAX = 500;

/**
 * POST /api/jobs/:jobId/change-orders — the assigned plumber asks the homeowner to approve extra
 * work: `amount` is added on top of the accepted quote's maximum.
 */
export const createChangeOrderInput = z.object({
  amount: moneyField(JOB_MESSAGES.changeOrderAmountRequired),
  reason: z
    .string({ error: JOB_MESSAGES.changeOrderReasonMin })
    .trim()
    .min(CHANGE_ORDER_REASON_MIN, { error: JOB_MESSAGES.changeOrderReasonMin })
    .max(CHANGE_ORDER_REASON_MAX, { error: JOB_MESSAGES.changeOrderReasonMax }),
});
export type CreateChangeOrderInput = z.input<typeof createChangeOrderInput>;
export type CreateChangeOrder = z.output<typeof createChangeOrderInput>;

/** The path of POST /api/jobs/:jobId/change-orders/:changeOrderId/{approve,decline}. */
export const changeOrderParams = z.object({
  jobId: uuidField(JOB_MESSAGES.jobIdInvalid),
  changeOrderId: uuidField(JOB_MESSAGES.changeOrderIdInvalid),
});
export type ChangeOrderParams = z.input<typeof changeOrderParams>;
