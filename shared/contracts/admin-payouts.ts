import { z } from './zod';
import { PAYOUT_STATUSES } from '../constants';
import { isoDateField, timestampSchema, uuidField } from './common';
import { defineRoute } from './http';

/**
 * The payouts ledger of the admin dashboard: one payout per completed job (written when the job
 * completes), marked paid by an admin with the transfer's reference, exported as CSV for the books.
 * Days are YYYY-MM-DD on the app's clock (APP_TIME_ZONE) and select payouts by when they were
 * written (the job's completion); money stays numeric(10,2) text so cents are exact.
 */

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Page sizes of the ledger. */
export const PAYOUTS_PAGINATION = { defaultPage: 1, defaultPageSize: 50, maxPageSize: 200 } as const;
/** The per-plumber totals list the plumbers with the largest gross first, at most this many. */
export const PAYOUT_PLUMBER_TOTALS_LIMIT = 100;
/** The longest reference a transfer can carry (bank references are far shorter). */
export const PAYOUT_REFERENCE_MAX = 100;
/** The name the CSV export is saved under, e.g. `payouts-2026-01-01-2026-01-31.csv`. */
export const payoutsCsvFileName = (from: string, to: string) => `payouts-${from}-${to}.csv`;

export const ADMIN_PAYOUT_MESSAGES = {
  statusInvalid: `Status must be one of: ${PAYOUT_STATUSES.join(', ')}`,
  rangeInverted: 'The “from” date must not be after the “to” date',
  fromRequired: 'Choose the first day to export (YYYY-MM-DD)',
  toRequired: 'Choose the last day to export (YYYY-MM-DD)',
  pageInvalid: 'Page must be a whole number of 1 or more',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${PAYOUTS_PAGINATION.maxPageSize}`,
  payoutIdInvalid: 'Invalid payout id',
  referenceRequired: 'Enter the transfer’s reference',
  referenceMax: `The reference must be at most ${PAYOUT_REFERENCE_MAX} characters`,
  referenceInvalid: 'The reference can only contain printable characters on one line',
  /** 404 of POST /api/admin/payouts/:payoutId/paid. */
  notFound: 'Payout not found',
  /** 409 of POST /api/admin/payouts/:payoutId/paid: marking twice would overwrite the first reference. */
  alreadyPaid: 'This payout is already marked paid',
} as const;

/** A query-string whole number: digits only (no '1.5', '-1', '1e3', '' or a repeated parameter). */
const wholeNumberParam = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }));

const dayRangeIsOrdered = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || range.from <= range.to;
const dayRangeOrder = { error: ADMIN_PAYOUT_MESSAGES.rangeInverted, path: ['from'] };

/** The optional, inclusive range of days the ledger is filtered by. */
const dayRangeFields = { from: isoDateField().optional(), to: isoDateField().optional() };

/** The Payouts tab's range form: both days optional (blank is left out), in order. */
export const payoutsRangeInput = z.object(dayRangeFields).refine(dayRangeIsOrdered, dayRangeOrder);
export type PayoutsRangeInput = z.input<typeof payoutsRangeInput>;

/**
 * `?status=&from=&to=&page=&pageSize=` of GET /api/admin/payouts: all optional; the days are
 * inclusive. Newest first, 50 a page by default.
 */
export const adminPayoutsQuery = z
  .object({
    status: z.enum(PAYOUT_STATUSES, { error: ADMIN_PAYOUT_MESSAGES.statusInvalid }).optional(),
    ...dayRangeFields,
    page: wholeNumberParam(ADMIN_PAYOUT_MESSAGES.pageInvalid, 1_000_000).default(
      PAYOUTS_PAGINATION.defaultPage,
    ),
    pageSize: wholeNumberParam(ADMIN_PAYOUT_MESSAGES.pageSizeInvalid, PAYOUTS_PAGINATION.maxPageSize).default(
      PAYOUTS_PAGINATION.defaultPageSize,
    ),
  })
  .refine(dayRangeIsOrdered, dayRangeOrder);
export type AdminPayoutsQueryInput = z.input<typeof adminPayoutsQuery>;
export type AdminPayoutsQuery = z.output<typeof adminPayoutsQuery>;

/** `?from=&to=` of GET /api/admin/payouts.csv: an export is of a period, so both days are required. */
export const payoutsCsvQuery = z
  .object({
    from: isoDateField(ADMIN_PAYOUT_MESSAGES.fromRequired),
    to: isoDateField(ADMIN_PAYOUT_MESSAGES.toRequired),
  })
  .refine(dayRangeIsOrdered, dayRangeOrder);
export type PayoutsCsvQuery = z.output<typeof payoutsCsvQuery>;

/** The `:payoutId` of /api/admin/payouts/:payoutId/paid. */
export const payoutIdParam = z.object({ payoutId: uuidField(ADMIN_PAYOUT_MESSAGES.payoutIdInvalid) });
export type PayoutIdParam = z.input<typeof payoutIdParam>;

/**
 * Control and format characters (line breaks, NUL, bidirectional overrides, zero-width marks) and
 * line or paragraph separators: a reference is one line as the bank printed it.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** POST /api/admin/payouts/:payoutId/paid — the transfer's reference, as the bank or provider gave it. */
export const markPayoutPaidInput = z.object({
  reference: z
    .string({ error: ADMIN_PAYOUT_MESSAGES.referenceRequired })
    .trim()
    .min(1, { error: ADMIN_PAYOUT_MESSAGES.referenceRequired })
    .max(PAYOUT_REFERENCE_MAX, { error: ADMIN_PAYOUT_MESSAGES.referenceMax })
    .refine((reference) => !UNPRINTABLE.test(reference), { error: ADMIN_PAYOUT_MESSAGES.referenceInvalid }),
});
export type MarkPayoutPaidInput = z.input<typeof markPayoutPaidInput>;

const moneyText = z.string().regex(/^\d+\.\d{2}$/);

/** One payout as the ledger (and the CSV) shows it. */
export const adminPayoutSchema = z.object({
  id: z.uuid(),
  job: z.object({ id: z.uuid(), issueSlug: z.string() }),
  plumber: z.object({ id: z.uuid(), name: z.string().nullable(), businessName: z.string().nullable() }),
  gross: moneyText,
  fee: moneyText,
  net: moneyText,
  status: z.enum(PAYOUT_STATUSES),
  /** When the payout was written: the job's completion. */
  createdAt: timestampSchema,
  paidAt: timestampSchema.nullable(),
  /** The transfer's reference, once paid. */
  reference: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** Sums of a set of payouts; `paidNet` is what reached the plumbers, `unpaidNet` what is still owed. */
export const payoutTotalsSchema = z.object({
  payouts: z.number().int(),
  gross: moneyText,
  fee: moneyText,
  net: moneyText,
  paidNet: moneyText,
  unpaidNet: moneyText,
});
export type PayoutTotals = z.infer<typeof payoutTotalsSchema>;

/** GET /api/admin/payouts: a page of the filtered ledger and the totals of the whole filtered ledger. */
export const adminPayoutsPageSchema = z.object({
  /** The zone (APP_TIME_ZONE) the filter's days and the totals' months are on, to show times on its clock. */
  timeZone: z.string(),
  items: z.array(adminPayoutSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Payouts matching the filter, not just this page. */
  total: z.number().int(),
  totals: z.object({
    all: payoutTotalsSchema,
    /** The plumbers with the largest gross first (at most PAYOUT_PLUMBER_TOTALS_LIMIT). */
    byPlumber: z.array(
      payoutTotalsSchema.extend({
        plumberId: z.uuid(),
        name: z.string().nullable(),
        businessName: z.string().nullable(),
      }),
    ),
    /** How many plumbers the filtered ledger pays, listed or not. */
    plumberCount: z.number().int(),
    /** Calendar months on the app's clock ('2026-01'), newest first; months without payouts are absent. */
    byMonth: z.array(payoutTotalsSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  }),
});
export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

/** Admin only. */
export const adminPayoutRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts',
    query: adminPayoutsQuery,
    response: adminPayoutsPageSchema,
  }),
  /** pending or failed → paid, with the transfer's reference; 409 when it is already paid. */
  markPaid: defineRoute({
    method: 'POST',
    path: '/api/admin/payouts/:payoutId/paid',
    params: payoutIdParam,
    body: markPayoutPaidInput,
    response: adminPayoutSchema,
  }),
  /**
   * The payouts written in a range of days as RFC 4180 CSV (`text/csv`), oldest first; not JSON: the
   * browser downloads it (Content-Disposition), nothing parses it as an object.
   */
  csv: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts.csv',
    query: payoutsCsvQuery,
    response: z.string(),
  }),
};
