import { z } from './zod';
import {
  APPOINTMENT_PARTIES,
  APPOINTMENT_STATUSES,
  CHANGE_ORDER_STATUSES,
  JOB_STATUSES,
  LIMITS,
  PAYOUT_STATUSES,
  URGENCIES,
} from '../constants';
import { EARTH_RADIUS_KM } from '../geo';
import { BOOKING_MESSAGES } from './booking';
import { FIELD_MESSAGES, isIsoDate, jobIdParam, timestampSchema, uuidField } from './common';
import { DIAGNOSIS_MESSAGES, diagnosisImageField } from './diagnosis';
import { defineRoute } from './http';
import { plumberRatingSchema } from './plumbers';
import { estimateResponseSchema } from './pricing';
import { appointmentWindowInput, jobQuoteSchema, moneyField, quoteSchema } from './quotes';

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

export const RESCHEDULE_MESSAGES = {
  proposalIdInvalid: 'Invalid proposal id',
  reasonMin: 'Say in a few words why you cancel (at least 3 characters)',
  reasonMax: 'The reason must be at most 500 characters',
} as const;

/** POST /api/jobs/:jobId/reschedule — a new window for the booked appointment (≤ 12 h, in the future). */
export const rescheduleInput = appointmentWindowInput;
export type RescheduleInput = z.input<typeof rescheduleInput>;

export const rescheduleParams = z.object({
  jobId: uuidField(JOB_MESSAGES.jobIdInvalid),
  proposalId: uuidField(RESCHEDULE_MESSAGES.proposalIdInvalid),
});
export type RescheduleParams = z.input<typeof rescheduleParams>;

/** POST /api/jobs/:jobId/appointment/cancel — why (shown to the other side). */
export const cancelAppointmentInput = z.object({
  reason: z
    .string({ error: RESCHEDULE_MESSAGES.reasonMin })
    .trim()
    .min(3, { error: RESCHEDULE_MESSAGES.reasonMin })
    .max(500, { error: RESCHEDULE_MESSAGES.reasonMax }),
});
export type CancelAppointmentInput = z.input<typeof cancelAppointmentInput>;

/** A window as two instants (ISO, UTC). */
export const timeWindowSchema = z.object({ startsAt: timestampSchema, endsAt: timestampSchema });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

/** A new window one side proposed for the booked appointment, waiting for the other side. */
export const rescheduleProposalSchema = z.object({
  id: z.uuid(),
  proposedBy: z.enum(APPOINTMENT_PARTIES),
  startsAt: timestampSchema,
  endsAt: timestampSchema,
});
export type RescheduleProposalView = z.infer<typeof rescheduleProposalSchema>;

/**
 * The job's appointment on the hired plumber's calendar (docs/decisions/029-appointments.md):
 * `sequence` counts its reschedules and its cancellation; `lateCancellation` is true when it was
 * cancelled less than 24 hours before its start.
 */
export const jobAppointmentSchema = z.object({
  startsAt: timestampSchema,
  endsAt: timestampSchema,
  status: z.enum(APPOINTMENT_STATUSES),
  sequence: z.number().int(),
  lateCancellation: z.boolean(),
  pendingProposal: rescheduleProposalSchema.nullable(),
});
export type JobAppointment = z.infer<typeof jobAppointmentSchema>;

export const RATING_MESSAGES = {
  starsRange: 'Rating must be a whole number from 1 to 5',
  commentMax: 'Comment must be at most 2000 characters',
} as const;

const starsField = z
  .number({ error: RATING_MESSAGES.starsRange })
  .int({ error: RATING_MESSAGES.starsRange })
  .min(1, { error: RATING_MESSAGES.starsRange })
  .max(5, { error: RATING_MESSAGES.starsRange });
const commentField = z.string().trim().max(2000, { error: RATING_MESSAGES.commentMax });

/** POST /api/jobs/:jobId/rating — the job's owner rates the plumber who did it. */
export const createRatingInput = z.object({
  stars: starsField,
  comment: commentField.optional(),
});
export type CreateRatingInput = z.input<typeof createRatingInput>;

/** Plumbline's price range for a job, from the pricing engine (null when the issue is not in the catalogue). */
export const jobEstimateSchema = z.object({ min: z.number(), max: z.number(), estimatedCost: z.string() });
export type JobEstimate = z.infer<typeof jobEstimateSchema>;

/**
 * Extra work the assigned plumber asks the homeowner to approve. Once approved, `amount` is added
 * to the accepted quote's maximum: the ceiling of the job's final amount.
 */
export const changeOrderSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(CHANGE_ORDER_STATUSES),
  createdAt: timestampSchema,
  /** When the homeowner approved or declined it; null while pending. */
  decidedAt: timestampSchema.nullable(),
});
export type JobChangeOrder = z.infer<typeof changeOrderSchema>;

export const payoutSummarySchema = z.object({
  plumberGross: z.string(),
  platformFee: z.string(),
  plumberNet: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** When an admin recorded the transfer; null until the payout is paid. */
  paidAt: timestampSchema.nullable(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** What every job list shows of a job; `statusLabel` is the status as people read it. */
const jobSummaryFields = {
  id: z.uuid(),
  issueSlug: z.string(),
  issueDescription: z.string(),
  urgency: z.enum(URGENCIES),
  preferredDate: z.string().nullable(),
  currentStatus: z.enum(JOB_STATUSES),
  statusLabel: z.string(),
  /**
   * The IANA zone of the job's region (e.g. 'America/Denver'): its requested window, appointment and
   * proposed times are shown on this clock, with its abbreviation.
   */
  timeZone: z.string(),
  createdAt: timestampSchema,
};

/** The plumber a homeowner hired: who to expect and how to call them. */
export const hiredPlumberSchema = z.object({
  /** The person's name on the account. */
  name: z.string().nullable(),
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
});
export type HiredPlumber = z.infer<typeof hiredPlumberSchema>;

/** GET /api/jobs — one of the logged-in customer's own jobs. */
export const customerJobSchema = z.object({
  ...jobSummaryFields,
  customerId: z.uuid(),
  plumberId: z.uuid().nullable(),
  /** The hired plumber's name and phone, once a quote is accepted; null before (nobody's contact shows). */
  plumber: hiredPlumberSchema.nullable(),
  address: z.string(),
  updatedAt: timestampSchema,
  estimate: jobEstimateSchema.nullable(),
  /** The homeowner's rating of the plumber, once given. */
  rating: z
    .object({ stars: z.number().int(), comment: z.string().nullable(), createdAt: timestampSchema })
    .nullable(),
  /** What the job was billed at completion (the payout's gross); null before. */
  finalAmount: z.string().nullable(),
  /** The plumber's requests for extra money, oldest first. */
  changeOrders: z.array(changeOrderSchema),
  /** The /book slot the homeowner picked (its day and times on the job's clock), when one was. */
  requestedWindow: timeWindowSchema.nullable(),
  appointment: jobAppointmentSchema.nullable(),
});
export type CustomerJob = z.infer<typeof customerJobSchema>;

/** How many jobs one page of GET /api/jobs/nearby holds (docs/decisions/035-nearby-pages.md). */
export const NEARBY_PAGE_SIZE = 20;

export const NEARBY_MESSAGES = {
  /** Any `?cursor=` that is not one the server handed out: the client starts again from the top. */
  cursorInvalid: 'The list position (cursor) is not valid: load the jobs near you again from the first page',
} as const;

/**
 * Where a page of nearby jobs ended: its last job's place in the list's order — emergencies first,
 * then distance, then newest, then id. `distanceKm` is the database's unrounded float8 and
 * `createdAt` keeps the microseconds, so the next page resumes exactly after that job, ties included.
 */
export const nearbyCursorSchema = z.strictObject({
  emergency: z.boolean(),
  // Half the earth's circumference: no two places are farther apart.
  distanceKm: z
    .number()
    .min(0)
    .max(Math.PI * EARTH_RADIUS_KM),
  createdAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/)
    .refine((text) => isIsoDate(text.slice(0, 10))),
  id: z.uuid(),
});
export type NearbyCursor = z.infer<typeof nearbyCursorSchema>;

/** Longer than any cursor the server writes (~180 characters); checked before decoding. */
const NEARBY_CURSOR_MAX_LENGTH = 400;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The opaque `nextCursor`: the position as JSON, base64url (ASCII only, so btoa is enough). */
export function encodeNearbyCursor(cursor: NearbyCursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The position a cursor names, or undefined for anything the server could not have written. */
function decodeNearbyCursor(text: string): NearbyCursor | undefined {
  if (text.length > NEARBY_CURSOR_MAX_LENGTH || !BASE64URL.test(text)) return undefined;
  try {
    const json = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = nearbyCursorSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not base64 (a length of 4n+1) or not JSON.
    return undefined;
  }
}

/**
 * `?cursor=` of GET /api/jobs/nearby: absent for the first page, else the previous page's
 * `nextCursor`. A malformed or edited one is a 400 with NEARBY_MESSAGES.cursorInvalid.
 */
export const nearbyJobsQuery = z.object({
  cursor: z
    .string({ error: NEARBY_MESSAGES.cursorInvalid })
    .transform((text, ctx) => {
      const cursor = decodeNearbyCursor(text);
      if (cursor) return cursor;
      ctx.issues.push({ code: 'custom', message: NEARBY_MESSAGES.cursorInvalid, input: text });
      return z.NEVER;
    })
    .optional(),
});
export type NearbyJobsQueryInput = z.input<typeof nearbyJobsQuery>;
export type NearbyJobsQuery = z.output<typeof nearbyJobsQuery>;

/**
 * GET /api/jobs/nearby — an open job near the plumber, as its card shows it: what to decide and
 * quote on, nothing more. Never the homeowner's name, phone, e-mail, exact address or coordinates:
 * only the area (city, state and ZIP).
 */
export const nearbyJobSchema = z.object({
  id: z.uuid(),
  issueSlug: z.string(),
  issueDescription: z.string(),
  /** The card flags an emergency; the list puts them first. */
  urgency: z.enum(URGENCIES),
  /** The job's region's zone: the requested window is shown, and the quote's window entered, on its clock. */
  timeZone: z.string(),
  createdAt: timestampSchema,
  /** e.g. 'Austin, TX 78745'; null when the address has no known ZIP code. */
  area: z.string().nullable(),
  /** Great-circle distance from the plumber's service location, rounded to 0.1 km. */
  distanceKm: z.number(),
  /** This plumber already sent a quote for this job. */
  alreadyQuoted: z.boolean(),
  /** Plumbline's range, as stored when the job was posted (jobs.estimate); null when it has none. */
  estimate: jobEstimateSchema.pick({ min: true, max: true }).nullable(),
  /** The /book slot the homeowner picked, when one was. */
  requestedWindow: timeWindowSchema.nullable(),
});
export type NearbyJob = z.infer<typeof nearbyJobSchema>;

/** One page of nearby jobs; `nextCursor` asks for the next one, null on the last page. */
export const nearbyJobsPageSchema = z.object({
  items: z.array(nearbyJobSchema),
  nextCursor: z.string().nullable(),
});
export type NearbyJobsPage = z.infer<typeof nearbyJobsPageSchema>;

/** GET /api/jobs/assigned — a job whose quote from this plumber was accepted: contact details included. */
export const assignedJobSchema = z.object({
  ...jobSummaryFields,
  address: z.string(),
  customer: z.object({ name: z.string().nullable(), email: z.string(), phone: z.string().nullable() }),
  acceptedQuote: z.object({ minTotal: z.string(), maxTotal: z.string() }).nullable(),
  /** The most the final amount may be: the accepted quote's maximum plus approved change orders. */
  agreedMax: z.string().nullable(),
  /** What the job was billed at completion (the payout's gross); null before. */
  finalAmount: z.string().nullable(),
  changeOrders: z.array(changeOrderSchema),
  payout: payoutSummarySchema.nullable(),
  /** The /book slot the homeowner picked, when one was. */
  requestedWindow: timeWindowSchema.nullable(),
  appointment: jobAppointmentSchema.nullable(),
});
export type AssignedJob = z.infer<typeof assignedJobSchema>;

/** A job's new state after a status change or an accepted quote. */
export const jobStatusResultSchema = z.object({
  id: z.uuid(),
  currentStatus: z.enum(JOB_STATUSES),
  statusLabel: z.string(),
  plumberId: z.uuid().nullable(),
  updatedAt: timestampSchema,
  /** Written when the job is completed. */
  payout: payoutSummarySchema.nullable(),
});
export type JobStatusResult = z.infer<typeof jobStatusResultSchema>;

/** GET /api/jobs/nearby/count — for every plumber with a service area, verified or not. */
export const nearbyCountSchema = z.object({
  /** Open jobs within the service area: all of them, not one page of GET /api/jobs/nearby. */
  nearbyCount: z.number().int(),
});
export type NearbyCount = z.infer<typeof nearbyCountSchema>;

export const acceptQuoteResultSchema = z.object({ job: jobStatusResultSchema, quote: quoteSchema });
export type AcceptQuoteResult = z.infer<typeof acceptQuoteResultSchema>;

/** Who is looking at a job room; each sees what that role may (docs/product.md#the-job-room-messages-and-notifications). */
export const JOB_ROOM_VIEWERS = ['homeowner', 'hired_plumber', 'prospective_plumber', 'admin'] as const;
export type JobRoomViewer = (typeof JOB_ROOM_VIEWERS)[number];

/** One step of a job's history, oldest first. */
export const timelineEntrySchema = z.object({
  status: z.enum(JOB_STATUSES),
  statusLabel: z.string(),
  notes: z.string().nullable(),
  createdAt: timestampSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const jobPhotoSchema = z.object({ id: z.uuid(), url: z.string() });
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** The most photos one job holds: as many as one diagnosis. */
export const MAX_JOB_PHOTOS = LIMITS.maxDiagnosisImages;

/** docs/product.md#the-job-room-messages-and-notifications: the homeowner adds and removes photos while the job is open. */
export const JOB_PHOTO_MESSAGES = {
  photosRequired: 'Choose at least one photo',
  photosMax: DIAGNOSIS_MESSAGES.imagesMax,
  imageInvalid: DIAGNOSIS_MESSAGES.imageInvalid,
  photoIdInvalid: 'Invalid photo id',
  /** Adding would take the job past MAX_JOB_PHOTOS; `current` is how many it has. */
  tooMany: (current: number) =>
    current >= MAX_JOB_PHOTOS
      ? `A job can have at most ${MAX_JOB_PHOTOS} photos. Remove one before adding another.`
      : `A job can have at most ${MAX_JOB_PHOTOS} photos: you can add ${MAX_JOB_PHOTOS - current} more.`,
  notOpen: 'Photos can only be changed while the job is open for quotes',
  photoNotFound: 'Photo not found',
} as const;

/**
 * POST /api/jobs/:jobId/photos — photos as data URLs, checked and cleaned like a diagnosis' (the
 * same field), 1–5 per request and at most MAX_JOB_PHOTOS on the job.
 */
export const addJobPhotosInput = z.object({
  imageUrls: z
    .array(diagnosisImageField, { error: JOB_PHOTO_MESSAGES.imageInvalid })
    .min(1, { error: JOB_PHOTO_MESSAGES.photosRequired })
    .max(MAX_JOB_PHOTOS, { error: JOB_PHOTO_MESSAGES.photosMax }),
});
export type AddJobPhotosInput = z.input<typeof addJobPhotosInput>;

/** The path of DELETE /api/jobs/:jobId/photos/:photoId. */
export const jobPhotoParams = z.object({
  jobId: uuidField(FIELD_MESSAGES.jobIdInvalid),
  photoId: uuidField(JOB_PHOTO_MESSAGES.photoIdInvalid),
});
export type JobPhotoParams = z.input<typeof jobPhotoParams>;

/** What a completed job cost and who did it: the receipt page and mail. */
export const receiptSchema = z.object({
  jobId: z.uuid(),
  completedAt: timestampSchema,
  issue: z.string(),
  address: z.string(),
  homeowner: z.object({ name: z.string().nullable() }),
  plumber: z.object({
    name: z.string().nullable(),
    businessName: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    licenseState: z.string().nullable(),
  }),
  quote: z.object({ minTotal: z.string(), maxTotal: z.string() }),
  /** Approved change orders only: what raised the agreed ceiling. */
  changeOrders: z.array(z.object({ reason: z.string(), amount: z.string() })),
  agreedMax: z.string(),
  finalAmount: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * GET /api/jobs/:jobId — the job room. A prospective plumber (one who may quote) sees the area,
 * never the street address or anybody's contact details; the hired plumber sees the homeowner's;
 * the homeowner sees the hired plumber's and every quote.
 */
export const jobRoomSchema = z.object({
  viewer: z.enum(JOB_ROOM_VIEWERS),
  job: z.object({
    ...jobSummaryFields,
    updatedAt: timestampSchema,
    /** e.g. 'Austin, TX 78745'. */
    area: z.string().nullable(),
    /** The street address: homeowner, hired plumber and admins only. */
    address: z.string().nullable(),
  }),
  /** Plumbline's price with how it was computed; null when the issue is not in the catalogue. */
  estimate: estimateResponseSchema.nullable(),
  photos: z.array(jobPhotoSchema),
  /** The homeowner's name and phone: for the hired plumber and admins. */
  homeowner: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /** The hired plumber's name and phone: once a quote is accepted. */
  plumber: hiredPlumberSchema.nullable(),
  /** Every quote for the homeowner and admins; a plumber sees only his own. */
  quotes: z.array(jobQuoteSchema),
  timeline: z.array(timelineEntrySchema),
  changeOrders: z.array(changeOrderSchema),
  finalAmount: z.string().nullable(),
  /** Once completed, for the homeowner, the hired plumber and admins. */
  receipt: receiptSchema.nullable(),
  /** The /book slot the homeowner picked, when one was. */
  requestedWindow: timeWindowSchema.nullable(),
  /** The booked time: for the homeowner, the hired plumber and admins; null otherwise or without one. */
  appointment: jobAppointmentSchema.nullable(),
});
export type JobRoom = z.infer<typeof jobRoomSchema>;

export const jobRoutes = {
  listMine: defineRoute({ method: 'GET', path: '/api/jobs', response: z.array(customerJobSchema) }),
  /** Keyset pages of NEARBY_PAGE_SIZE, emergencies first then nearest (docs/decisions/035-nearby-pages.md). */
  listNearby: defineRoute({
    method: 'GET',
    path: '/api/jobs/nearby',
    query: nearbyJobsQuery,
    response: nearbyJobsPageSchema,
  }),
  countNearby: defineRoute({ method: 'GET', path: '/api/jobs/nearby/count', response: nearbyCountSchema }),
  listAssigned: defineRoute({
    method: 'GET',
    path: '/api/jobs/assigned',
    response: z.array(assignedJobSchema),
  }),
  /** Mounted after the fixed /api/jobs/… paths above, which its :jobId would otherwise take. */
  getRoom: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId',
    params: jobIdParam,
    response: jobRoomSchema,
  }),
  acceptQuote: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/accept-quote',
    params: jobIdParam,
    body: acceptQuoteInput,
    response: acceptQuoteResultSchema,
  }),
  changeStatus: defineRoute({
    method: 'PATCH',
    path: '/api/jobs/:jobId/status',
    params: jobIdParam,
    body: updateJobStatusInput,
    response: jobStatusResultSchema,
  }),
  rate: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/rating',
    params: jobIdParam,
    body: createRatingInput,
    response: plumberRatingSchema,
    status: 201,
  }),
  requestChangeOrder: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/change-orders',
    params: jobIdParam,
    body: createChangeOrderInput,
    response: changeOrderSchema,
    status: 201,
  }),
  approveChangeOrder: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/change-orders/:changeOrderId/approve',
    params: changeOrderParams,
    response: changeOrderSchema,
  }),
  declineChangeOrder: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/change-orders/:changeOrderId/decline',
    params: changeOrderParams,
    response: changeOrderSchema,
  }),
  /**
   * The homeowner adds photos to an open job: 201 with all of the job's photos, oldest first.
   * 409 past MAX_JOB_PHOTOS or once the job is no longer open; a body of up to ~10 MB (photos).
   */
  addPhotos: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/photos',
    params: jobIdParam,
    body: addJobPhotosInput,
    response: z.array(jobPhotoSchema),
    status: 201,
  }),
  /**
   * Either side of a booked appointment proposes a new window: 201 with the proposal. It replaces a
   * pending one of the same side (docs/decisions/029-appointments.md, "Reschedule and cancel").
   */
  proposeReschedule: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/reschedule',
    params: jobIdParam,
    body: rescheduleInput,
    response: rescheduleProposalSchema,
    status: 201,
  }),
  /** The other side accepts the proposal: the appointment moves (409 when the plumber is not free). */
  acceptReschedule: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/reschedule/:proposalId/accept',
    params: rescheduleParams,
    response: jobAppointmentSchema,
  }),
  declineReschedule: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/reschedule/:proposalId/decline',
    params: rescheduleParams,
    response: jobAppointmentSchema,
  }),
  /** Either side cancels the booked appointment; under 24 hours before its start it is a late cancellation. */
  cancelAppointment: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/appointment/cancel',
    params: jobIdParam,
    body: cancelAppointmentInput,
    response: jobAppointmentSchema,
  }),
  /** The homeowner removes a photo from an open job: 200 with the photos left. */
  removePhoto: defineRoute({
    method: 'DELETE',
    path: '/api/jobs/:jobId/photos/:photoId',
    params: jobPhotoParams,
    response: z.array(jobPhotoSchema),
  }),
};
