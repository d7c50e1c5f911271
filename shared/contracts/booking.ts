import { z } from './zod';
import { LIMITS, SERVICE_REQUEST_STATUSES, SERVICE_TYPES, URGENCIES } from '../constants';
import { AUTH_MESSAGES, tokenField } from './auth';
import {
  FIELD_MESSAGES,
  isoDateField,
  issueSlugField,
  nameField,
  phoneField,
  timestampSchema,
  urgencyField,
  uuidField,
  uuidParam,
} from './common';
import { defineRoute } from './http';

/** How long a guest has to confirm a booking from the mailed link before its time slot is released. */
export const GUEST_CONFIRMATION_MINUTES = 30;

/** docs/product.md#validation (booking) and the slot rules; the form and POST /api/service-requests show the same text. */
export const BOOKING_MESSAGES = {
  nameMin: FIELD_MESSAGES.nameMin,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  phoneMin: FIELD_MESSAGES.phoneMin,
  serviceTypeRequired: 'Service type is required',
  preferredDateRequired: 'Preferred date is required',
  dateFormat: FIELD_MESSAGES.dateFormat,
  timeFormat: FIELD_MESSAGES.timeFormat,
  urgencyInvalid: FIELD_MESSAGES.urgencyInvalid,
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must be at most 5000 characters',
  addressRequired: 'Address is required',
  addressMax: 'Address must be at most 300 characters',
  slotIdInvalid: 'Invalid time slot',
  issueSlugRequired: FIELD_MESSAGES.issueTypeRequired,
  serviceRequestIdInvalid: 'Invalid service request id',
  technicianIdInvalid: 'Invalid technician id',
  diagnosisIdInvalid: 'Invalid diagnosis id',
  endTimeAfterStart: 'End time must be after start time',
  /** Checked where the clock is known: the form (today in the browser) and the booking service. */
  preferredDatePast: 'Preferred date cannot be in the past',
  /** Unknown, used and expired confirmation links alike (which of them is not said). */
  confirmationLinkInvalid:
    'This confirmation link is invalid or has expired. ' +
    `Unconfirmed bookings are released after ${GUEST_CONFIRMATION_MINUTES} minutes: please book again.`,
} as const;

const MAX_DESCRIPTION = 5000;
const MAX_ADDRESS = 300;

/** Booking e-mail: any failure, including empty, reads 'Invalid email address' (docs/product.md#validation). Stored lower-cased. */
const bookingEmailField = z
  .string({ error: BOOKING_MESSAGES.emailInvalid })
  .trim()
  .pipe(z.email({ error: BOOKING_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Required first, then the shape: '' reads 'Preferred date is required', '2025-1-5' the format message. */
const preferredDateField = z
  .string({ error: BOOKING_MESSAGES.preferredDateRequired })
  .trim()
  .min(1, { error: BOOKING_MESSAGES.preferredDateRequired, abort: true })
  .pipe(isoDateField());

/** A service request as the booking form sends it; the server owns id, status, technician, account and timestamps. */
export const serviceRequestFields = z.object({
  name: nameField(),
  email: bookingEmailField,
  phone: phoneField(),
  // '' and unknown values both read 'Service type is required'.
  serviceType: z.enum(SERVICE_TYPES, { error: BOOKING_MESSAGES.serviceTypeRequired }),
  preferredDate: preferredDateField,
  urgency: urgencyField(),
  description: z
    .string({ error: BOOKING_MESSAGES.descriptionMin })
    .trim()
    .min(LIMITS.bookingDescriptionMin, { error: BOOKING_MESSAGES.descriptionMin })
    .max(MAX_DESCRIPTION, { error: BOOKING_MESSAGES.descriptionMax }),
  address: z
    .string({ error: BOOKING_MESSAGES.addressRequired })
    .trim()
    .min(LIMITS.addressMin, { error: BOOKING_MESSAGES.addressRequired })
    .max(MAX_ADDRESS, { error: BOOKING_MESSAGES.addressMax }),
});

/**
 * POST /api/service-requests — the booking form. `slotId` books a chosen slot in the same call;
 * `issueSlug` carries the catalogue issue of a diagnosis handed over to the booking form, and
 * `diagnosisId` that diagnosis itself: the job a logged-in homeowner posts gets its photos when the
 * diagnosis is less than a day old (an older or unknown one is ignored, docs/decisions/016-media-store.md).
 */
export const createServiceRequestInput = serviceRequestFields.extend({
  slotId: uuidField(BOOKING_MESSAGES.slotIdInvalid).optional(),
  issueSlug: issueSlugField(BOOKING_MESSAGES.issueSlugRequired).optional(),
  diagnosisId: uuidField(BOOKING_MESSAGES.diagnosisIdInvalid).optional(),
});
export type CreateServiceRequestInput = z.input<typeof createServiceRequestInput>;
export type CreateServiceRequestData = z.output<typeof createServiceRequestInput>;

/** GET /api/availability-slots?date=YYYY-MM-DD */
export const availabilitySlotsQuery = z.object({ date: isoDateField() });
export type AvailabilitySlotsQuery = z.input<typeof availabilitySlotsQuery>;

/** POST /api/availability-slots/:id/book */
export const bookSlotInput = z.object({
  serviceRequestId: uuidField(BOOKING_MESSAGES.serviceRequestIdInvalid),
});
export type BookSlotInput = z.input<typeof bookSlotInput>;

/** The `:id` of /api/availability-slots/:id/book. */
export const slotIdParam = uuidParam;
export type SlotIdParam = z.input<typeof slotIdParam>;

/** An open slot as the booking page shows it. */
export const slotSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** A service request as the API answers it: no internal links. */
export const serviceRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  preferredDate: z.string(),
  urgency: z.enum(URGENCIES),
  description: z.string(),
  address: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  createdAt: timestampSchema,
});

/** What booking answers: the stored request, its slot when one was chosen, the job posted for a homeowner. */
export const bookingResultSchema = serviceRequestSchema.extend({
  slot: slotSchema.nullable(),
  /** The job posted for a logged-in homeowner; null for guests and other roles. */
  jobId: z.uuid().nullable(),
  /** True while a guest's booking waits for the link mailed to its e-mail; false for accounts and once confirmed. */
  confirmationRequired: z.boolean(),
  /** While it waits: when the booking (and its slot) is released unless confirmed; otherwise null. */
  confirmBy: timestampSchema.nullable(),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

/** POST /api/service-requests/confirm — the token of the link mailed to a guest who booked. */
export const confirmBookingInput = z.object({ token: tokenField });
export type ConfirmBookingInput = z.input<typeof confirmBookingInput>;

export const bookingRoutes = {
  listSlots: defineRoute({
    method: 'GET',
    path: '/api/availability-slots',
    query: availabilitySlotsQuery,
    response: z.array(slotSchema),
  }),
  /** With `slotId` the slot is booked in the same transaction (409 SLOT_TAKEN if someone was quicker). */
  createServiceRequest: defineRoute({
    method: 'POST',
    path: '/api/service-requests',
    body: createServiceRequestInput,
    response: bookingResultSchema,
    status: 201,
  }),
  /**
   * A guest confirms a booking from the mailed link: once, within GUEST_CONFIRMATION_MINUTES.
   * An unknown, used or expired token: 400 TOKEN_INVALID with `confirmationLinkInvalid`.
   */
  confirmBooking: defineRoute({
    method: 'POST',
    path: '/api/service-requests/confirm',
    body: confirmBookingInput,
    response: bookingResultSchema,
  }),
  bookSlot: defineRoute({
    method: 'POST',
    path: '/api/availability-slots/:id/book',
    params: slotIdParam,
    body: bookSlotInput,
    response: slotSchema,
  }),
};
