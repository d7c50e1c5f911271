import { z } from './zod';
import { MAX_MONEY, fromCents, toCents } from '../money';
import { JOB_STATUSES, QUOTE_STATUSES, VERIFICATION_STATUSES } from '../constants';
import { FIELD_MESSAGES, jobIdParam, timestampSchema, uuidField } from './common';
import { defineRoute } from './http';
import { averageRatingSchema, plumberIdParam } from './plumbers';

/** The longest window a quote may propose. */
const MAX_APPOINTMENT_HOURS_VALUE = 12;

export const QUOTE_MESSAGES = {
  jobIdInvalid: FIELD_MESSAGES.jobIdInvalid,
  plumberIdInvalid: FIELD_MESSAGES.plumberIdInvalid,
  minRequired: 'Minimum price is required',
  maxRequired: 'Maximum price is required',
  priceNotNumber: 'Price must be a number',
  pricePositive: 'Price must be greater than 0',
  priceDecimals: 'Price can have at most 2 decimal places',
  priceMax: 'Price must be at most 99,999,999.99',
  minAboveMax: 'Minimum price cannot be more than the maximum price',
  noteMax: 'Note must be at most 1000 characters',
  appointmentStartInvalid: 'Start must be a date and time with its time zone, such as 2026-03-09T14:00:00Z',
  appointmentEndInvalid: 'End must be a date and time with its time zone, such as 2026-03-09T16:00:00Z',
  appointmentEndAfterStart: 'The appointment must end after it starts',
  appointmentTooLong: `An appointment can last at most ${MAX_APPOINTMENT_HOURS_VALUE} hours`,
  appointmentInPast: 'The appointment must start in the future',
} as const;

export const MAX_APPOINTMENT_HOURS = MAX_APPOINTMENT_HOURS_VALUE;

const NUMERIC_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;
const MAX_NOTE = 1000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * A positive amount of money with at most 2 decimals, given as a number or a numeric string
 * (form inputs send strings). Parsed to the canonical string numeric(10,2) stores, e.g. '150.00'.
 */
export const moneyField = (requiredMessage: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : QUOTE_MESSAGES.priceNotNumber,
    })
    .transform((raw, ctx) => {
      const text = typeof raw === 'string' ? raw.trim() : undefined;
      if (text === '') {
        ctx.issues.push({ code: 'custom', message: requiredMessage, input: raw });
        return z.NEVER;
      }
      const value =
        text === undefined ? (raw as number) : NUMERIC_TEXT.test(text) ? Number(text) : Number.NaN;
      const problem = !Number.isFinite(value)
        ? QUOTE_MESSAGES.priceNotNumber
        : value <= 0
          ? QUOTE_MESSAGES.pricePositive
          : value > MAX_MONEY
            ? QUOTE_MESSAGES.priceMax
            : !hasAtMostTwoDecimals(value)
              ? QUOTE_MESSAGES.priceDecimals
              : undefined;
      if (problem) {
        ctx.issues.push({ code: 'custom', message: problem, input: raw });
        return z.NEVER;
      }
      return fromCents(toCents(value));
    });

const noteText = z.string().trim().max(MAX_NOTE, { error: QUOTE_MESSAGES.noteMax });

/** A quote's note: `{ note }` or the note itself as a string; always stored as `{ note? }`. */
export const quoteBreakdownField = z
  .union([noteText, z.object({ note: noteText.optional() })])
  .transform((value) => {
    const note = typeof value === 'string' ? value : value.note;
    return note ? { note } : {};
  });
export type QuoteBreakdown = z.output<typeof quoteBreakdownField>;

const instantField = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).transform((value) => new Date(value).toISOString());

/**
 * The window a quote proposes, as instants (ISO 8601 with a zone or Z, sent as UTC): it ends after
 * it starts, lasts at most MAX_APPOINTMENT_HOURS and starts in the future. Working hours and days
 * off are the service's to judge, on the app's clock (docs/decisions/029-appointments.md).
 */
export const appointmentWindowInput = z
  .object({
    startsAt: instantField(QUOTE_MESSAGES.appointmentStartInvalid),
    endsAt: instantField(QUOTE_MESSAGES.appointmentEndInvalid),
  })
  .superRefine((window, ctx) => {
    const [start, end] = [Date.parse(window.startsAt), Date.parse(window.endsAt)];
    if (end <= start) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.appointmentEndAfterStart, path: ['endsAt'] });
    } else if (end - start > MAX_APPOINTMENT_HOURS_VALUE * 3_600_000) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.appointmentTooLong, path: ['endsAt'] });
    }
    if (start <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.appointmentInPast, path: ['startsAt'] });
    }
  });
export type AppointmentWindowInput = z.input<typeof appointmentWindowInput>;
/** Parsed: both instants as UTC ISO strings. */
export type AppointmentWindow = z.output<typeof appointmentWindowInput>;

/** POST /api/quotes — a plumber's price range for a job, and optionally when it would come. */
export const createQuoteInput = z
  .object({
    jobId: uuidField(QUOTE_MESSAGES.jobIdInvalid),
    minTotal: moneyField(QUOTE_MESSAGES.minRequired),
    maxTotal: moneyField(QUOTE_MESSAGES.maxRequired),
    breakdownJson: quoteBreakdownField.optional(),
    appointment: appointmentWindowInput.optional(),
  })
  .refine((quote) => Number(quote.minTotal) <= Number(quote.maxTotal), {
    error: QUOTE_MESSAGES.minAboveMax,
    path: ['maxTotal'],
  });
export type CreateQuoteInput = z.input<typeof createQuoteInput>;
/** Parsed: amounts are canonical strings ('150.00'), the breakdown is `{ note? }`. */
export type CreateQuoteData = z.output<typeof createQuoteInput>;

/** A quote as its plumber sent it (POST /api/quotes answers this). */
export const quoteSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  plumberId: z.uuid(),
  minTotal: z.string(),
  maxTotal: z.string(),
  currency: z.string(),
  breakdownJson: z.object({ note: z.string().optional() }).nullable(),
  status: z.enum(QUOTE_STATUSES),
  /** The proposed window; accepting the quote books it on the plumber's calendar. */
  appointment: z.object({ startsAt: timestampSchema, endsAt: timestampSchema }).nullable(),
  createdAt: timestampSchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * GET /api/quotes/job/:jobId — a quote as the job's owner (or the quoting plumber) sees it: who
 * quoted, never how to reach them (no e-mail, no phone) before a quote is accepted.
 */
export const jobQuoteSchema = quoteSchema.extend({
  plumber: z.object({
    id: z.uuid(),
    /** The person's name on the account. */
    name: z.string().nullable(),
    /** The business name submitted for vetting; null until the plumber has onboarded. */
    businessName: z.string().nullable(),
    /** As of today: lapsed insurance reads 'pending' (the badge shows only for 'verified'). */
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    rating: averageRatingSchema,
  }),
});
export type JobQuote = z.infer<typeof jobQuoteSchema>;

/** GET /api/quotes/plumber/:plumberId — a plumber's own quotes with the job they are for. */
export const plumberQuoteSchema = quoteSchema.omit({ breakdownJson: true }).extend({
  job: z.object({ issueSlug: z.string(), currentStatus: z.enum(JOB_STATUSES), statusLabel: z.string() }),
});
export type PlumberQuote = z.infer<typeof plumberQuoteSchema>;

export const quoteRoutes = {
  /** The plumber is the logged-in one: a plumberId in the body is ignored. */
  create: defineRoute({
    method: 'POST',
    path: '/api/quotes',
    body: createQuoteInput,
    response: quoteSchema,
    status: 201,
  }),
  listForJob: defineRoute({
    method: 'GET',
    path: '/api/quotes/job/:jobId',
    params: jobIdParam,
    response: z.array(jobQuoteSchema),
  }),
  listForPlumber: defineRoute({
    method: 'GET',
    path: '/api/quotes/plumber/:plumberId',
    params: plumberIdParam,
    response: z.array(plumberQuoteSchema),
  }),
};
