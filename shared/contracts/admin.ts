import { z } from './zod';
import { JOB_STATUSES, URGENCIES, VERIFICATION_STATUSES } from '../constants';
import { jobsByStatusSchema, monthlyRevenueSchema, quoteFiguresSchema } from './admin-figures';
import { timestampSchema } from './common';
import { defineRoute } from './http';
import { plumberIdParam } from './plumbers';
import { MODIFIER_TYPES } from './pricing';

/** Page sizes of paginated admin lists (GET /api/jobs/all). */
export const ADMIN_PAGINATION = { defaultPage: 1, defaultPageSize: 20, maxPageSize: 100 } as const;

export const ADMIN_MESSAGES = {
  pageInvalid: 'Page must be a whole number of 1 or more',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${ADMIN_PAGINATION.maxPageSize}`,
} as const;

/** A query-string whole number: digits only (no '1.5', '-1', '1e3', '' or a repeated parameter). */
const wholeNumberParam = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }));

/** `?page=&pageSize=` of GET /api/jobs/all: defaults 1 and 20, at most 100 a page. */
export const paginationQuery = z.object({
  page: wholeNumberParam(ADMIN_MESSAGES.pageInvalid, 1_000_000).default(ADMIN_PAGINATION.defaultPage),
  pageSize: wholeNumberParam(ADMIN_MESSAGES.pageSizeInvalid, ADMIN_PAGINATION.maxPageSize).default(
    ADMIN_PAGINATION.defaultPageSize,
  ),
});
export type PaginationQueryInput = z.input<typeof paginationQuery>;
export type PaginationQuery = z.output<typeof paginationQuery>;

/** One page of a long list, newest first. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rows in the whole list, not just this page. */
    total: z.number().int(),
  });

/** GET /api/admin/stats — counted by the database, never by loading the rows. */
export const adminStatsSchema = z.object({
  /** Jobs not completed or cancelled (docs/product.md#states: every other status is active). */
  activeJobs: z.number().int(),
  completedJobs: z.number().int(),
  cancelledJobs: z.number().int(),
  totalJobs: z.number().int(),
  /** Catalogue size: every pricing-catalogue row, active or not. */
  serviceTypes: z.number().int(),
  regions: z.number().int(),
  modifiers: z.number().int(),
  /** The figures below the cards (shared/contracts/admin-figures.ts). */
  jobsByStatus: jobsByStatusSchema,
  quoteFigures: quoteFiguresSchema,
  /** The last REVENUE_MONTHS months, oldest first, every month listed. */
  revenueByMonth: z.array(monthlyRevenueSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** A row of GET /api/pricing/catalog. Money stays text ('150.00') so cents are exact. */
export const adminCatalogItemSchema = z.object({
  id: z.string(),
  issueSlug: z.string(),
  issueName: z.string(),
  baseMin: z.string(),
  baseMax: z.string(),
  unit: z.string(),
  category: z.string(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdminCatalogItem = z.infer<typeof adminCatalogItemSchema>;

/** A row of GET /api/pricing/regions. Indices stay text ('1.480'). */
export const adminRegionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  metro: z.string().nullable(),
  laborIndex: z.string(),
  materialIndex: z.string(),
  currency: z.string(),
  /** The IANA zone the region's jobs are scheduled and shown in. */
  timeZone: z.string(),
  isActive: z.boolean(),
});
export type AdminRegion = z.infer<typeof adminRegionSchema>;

/** A row of GET /api/pricing/modifiers. */
export const adminModifierSchema = z.object({
  id: z.string(),
  key: z.string(),
  type: z.enum(MODIFIER_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  valuesJson: z.record(z.string(), z.number()),
  isActive: z.boolean(),
});
export type AdminModifier = z.infer<typeof adminModifierSchema>;

/** A job as GET /api/jobs/all lists it; timestamps are ISO strings on the wire. */
export const adminJobSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  plumberId: z.string().nullable(),
  issueSlug: z.string(),
  issueDescription: z.string(),
  address: z.string(),
  urgency: z.enum(URGENCIES),
  preferredDate: z.string().nullable(),
  currentStatus: z.enum(JOB_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** GET /api/jobs/all?page=&pageSize= */
export const adminJobsPageSchema = paginatedSchema(adminJobSchema);
export type AdminJobsPage = z.infer<typeof adminJobsPageSchema>;

export const ADMIN_PLUMBER_MESSAGES = {
  statusInvalid: 'Status must be pending, verified or rejected',
  reasonMin: 'Give the plumber a reason of at least 3 characters',
  reasonMax: 'Reason must be at most 500 characters',
  /** 409 of POST /api/admin/plumbers/:plumberId/verify and /reject. */
  notSubmitted: 'This plumber has not submitted their business details yet',
  insuranceLapsed:
    'This plumber’s insurance has expired. Reject with a reason so they can submit a current date.',
} as const;

/** The most plumbers one GET /api/admin/plumbers answers: the queue is worked from its oldest end. */
export const ADMIN_PLUMBERS_LIMIT = 200;

/** `?status=` of GET /api/admin/plumbers: the review queue (pending) by default. */
export const adminPlumbersQuery = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: ADMIN_PLUMBER_MESSAGES.statusInvalid }).default('pending'),
});
export type AdminPlumbersQueryInput = z.input<typeof adminPlumbersQuery>;
export type AdminPlumbersQuery = z.output<typeof adminPlumbersQuery>;

/** A plumber as the admin reviews it: the submitted details and the account behind them. */
export const adminPlumberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  businessName: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  insuranceExpiresOn: z.string().nullable(),
  /** A verified plumber whose insurance has lapsed is back to pending. */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  /** e.g. 'Austin, TX 78701'; null before the plumber set a service area. */
  serviceArea: z.string().nullable(),
  submittedAt: timestampSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
});
export type AdminPlumber = z.infer<typeof adminPlumberSchema>;

/** POST /api/admin/plumbers/:plumberId/reject — the reason is mailed to the plumber and shown on its dashboard. */
export const rejectPlumberInput = z.object({
  reason: z
    .string({ error: ADMIN_PLUMBER_MESSAGES.reasonMin })
    .trim()
    .min(3, { error: ADMIN_PLUMBER_MESSAGES.reasonMin })
    .max(500, { error: ADMIN_PLUMBER_MESSAGES.reasonMax }),
});
export type RejectPlumberInput = z.input<typeof rejectPlumberInput>;

/** Admin only: the guard is on each route, so the public routes under /api/pricing and /api/jobs stay public. */
export const adminRoutes = {
  stats: defineRoute({ method: 'GET', path: '/api/admin/stats', response: adminStatsSchema }),
  catalog: defineRoute({
    method: 'GET',
    path: '/api/pricing/catalog',
    response: z.array(adminCatalogItemSchema),
  }),
  regions: defineRoute({ method: 'GET', path: '/api/pricing/regions', response: z.array(adminRegionSchema) }),
  modifiers: defineRoute({
    method: 'GET',
    path: '/api/pricing/modifiers',
    response: z.array(adminModifierSchema),
  }),
  jobs: defineRoute({
    method: 'GET',
    path: '/api/jobs/all',
    query: paginationQuery,
    response: adminJobsPageSchema,
  }),
  /** Submitted plumbers of one status; pending ones oldest first (the review queue). */
  plumbers: defineRoute({
    method: 'GET',
    path: '/api/admin/plumbers',
    query: adminPlumbersQuery,
    response: z.array(adminPlumberSchema),
  }),
  verifyPlumber: defineRoute({
    method: 'POST',
    path: '/api/admin/plumbers/:plumberId/verify',
    params: plumberIdParam,
    response: adminPlumberSchema,
  }),
  rejectPlumber: defineRoute({
    method: 'POST',
    path: '/api/admin/plumbers/:plumberId/reject',
    params: plumberIdParam,
    body: rejectPlumberInput,
    response: adminPlumberSchema,
  }),
};
