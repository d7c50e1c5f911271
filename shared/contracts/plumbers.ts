import { z } from './zod';
import { APPOINTMENT_STATUSES, PLUMBER_STATUSES, VERIFICATION_STATUSES } from '../constants';
import { FIELD_MESSAGES, isoDateField, timestampSchema, uuidField, zipField } from './common';
import { defineRoute } from './http';

/** Limits of PUT /api/plumbers/me/availability and GET /api/plumbers/me/appointments. */
export const MAX_WEEKLY_HOURS = 21;
export const MAX_DAYS_OFF = 366;
export const MAX_APPOINTMENT_RANGE_DAYS = 366;
/** The window GET /api/plumbers/me/appointments covers without `to`: today and the next 30 days. */
export const DEFAULT_APPOINTMENT_RANGE_DAYS = 30;

export const PLUMBER_MESSAGES = {
  userIdInvalid: FIELD_MESSAGES.userIdInvalid,
  plumberIdInvalid: FIELD_MESSAGES.plumberIdInvalid,
  zip: FIELD_MESSAGES.zip,
  addressMax: 'Address must be at most 300 characters',
  radiusRange: 'Service radius must be between 1 and 200 km',
  radiusFormat: 'Service radius must be a number with at most 2 decimals',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  skillInvalid: 'Skill cannot be empty',
  businessNameMin: 'Business name must be at least 2 characters',
  businessNameMax: 'Business name must be at most 120 characters',
  licenseNumberRequired: 'License number is required',
  licenseNumberInvalid:
    'License number must be 3 to 40 letters or digits (spaces, dots, slashes and dashes allowed)',
  licenseState: 'License state must be a 2-letter US state code, such as TX',
  insuranceRequired: 'Insurance expiry date is required',
  insuranceFormat: FIELD_MESSAGES.dateFormat,
  /** Checked where the clock is known: the form and the plumbers service, both in the app's time zone. */
  insuranceExpired: 'Insurance expiry date cannot be in the past',
  /** 403 of GET /api/jobs/nearby and POST /api/quotes; the dashboard shows it. */
  notVerified:
    'Your plumber account is being reviewed. You can quote once an admin has verified your license and insurance.',
  rejected:
    'Your plumber account was not approved. Update your details on your dashboard to be reviewed again.',
  weekdayInvalid: 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)',
  hoursStartFormat: 'Start time must be in HH:MM format, 00:00 to 23:59',
  hoursEndFormat: 'End time must be in HH:MM format, 00:01 to 24:00',
  hoursEndAfterStart: 'End time must be after the start time',
  hoursOverlap: 'Working hours on the same day cannot overlap',
  weeklyHoursRequired: 'Weekly hours must be a list (it may be empty)',
  weeklyHoursMax: `At most ${MAX_WEEKLY_HOURS} working-hour ranges a week`,
  daysOffRequired: 'Days off must be a list of dates (it may be empty)',
  daysOffMax: `At most ${MAX_DAYS_OFF} days off`,
  dayOffFormat: FIELD_MESSAGES.dateFormat,
  rangeToBeforeFrom: 'The end date cannot be before the start date',
  rangeTooLong: `The date range can span at most ${MAX_APPOINTMENT_RANGE_DAYS} days`,
} as const;

/** A plumber's service radius, in km. */
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 200;
/** Numbers from a form arrive as strings; both are accepted. */
const radiusKmField = z
  .union([z.number(), z.string().trim()], { error: PLUMBER_MESSAGES.radiusRange })
  .transform((value) => (typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value)))
  .pipe(
    z
      .number({ error: PLUMBER_MESSAGES.radiusRange })
      .min(MIN_RADIUS_KM, { error: PLUMBER_MESSAGES.radiusRange })
      .max(MAX_RADIUS_KM, { error: PLUMBER_MESSAGES.radiusRange }),
  );

/** The plumber sets where it works: a ZIP (geocoded offline), an optional street address, a radius. */
export const updatePlumberLocationInput = z.object({
  zip: zipField(),
  address: z.string().trim().max(300, { error: PLUMBER_MESSAGES.addressMax }).optional(),
  serviceRadiusKm: radiusKmField,
});
export type UpdatePlumberLocationInput = z.input<typeof updatePlumberLocationInput>;
export type UpdatePlumberLocation = z.output<typeof updatePlumberLocationInput>;

/** The states (and DC) whose plumbing licences the onboarding form accepts. */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
const LICENSE_NUMBER = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]{1,38})[A-Za-z0-9]$/;

/**
 * PUT /api/plumbers/me/onboarding — what an admin checks before a plumber may see jobs and quote.
 * Submitting (again) puts the plumber in the admin's pending queue. "Not in the past" needs the
 * app's clock: the form and the service add it with `insuranceLapsed`.
 */
export const plumberOnboardingInput = z.object({
  businessName: z
    .string({ error: PLUMBER_MESSAGES.businessNameMin })
    .trim()
    .min(2, { error: PLUMBER_MESSAGES.businessNameMin })
    .max(120, { error: PLUMBER_MESSAGES.businessNameMax }),
  licenseNumber: z
    .string({ error: PLUMBER_MESSAGES.licenseNumberRequired })
    .trim()
    .min(1, { error: PLUMBER_MESSAGES.licenseNumberRequired, abort: true })
    .regex(LICENSE_NUMBER, { error: PLUMBER_MESSAGES.licenseNumberInvalid }),
  licenseState: z
    .string({ error: PLUMBER_MESSAGES.licenseState })
    .trim()
    .toUpperCase()
    .refine((code) => (US_STATE_CODES as readonly string[]).includes(code), {
      error: PLUMBER_MESSAGES.licenseState,
    }),
  insuranceExpiresOn: z
    .string({ error: PLUMBER_MESSAGES.insuranceRequired })
    .trim()
    .min(1, { error: PLUMBER_MESSAGES.insuranceRequired, abort: true })
    .pipe(isoDateField(PLUMBER_MESSAGES.insuranceFormat)),
});
export type PlumberOnboardingInput = z.input<typeof plumberOnboardingInput>;
export type PlumberOnboarding = z.output<typeof plumberOnboardingInput>;

/**
 * True when insurance that ran until `expiresOn` (YYYY-MM-DD) no longer covers `today` (YYYY-MM-DD in
 * the app's zone, from shared/dates.ts): the last covered day is the expiry date itself.
 */
export const insuranceLapsed = (expiresOn: string | null, today: string): boolean =>
  expiresOn !== null && expiresOn < today;

/** /api/plumbers/:plumberId/ratings, /api/plumbers/:plumberId/average-rating, /api/quotes/plumber/:plumberId */
export const plumberIdParam = z.object({ plumberId: uuidField(PLUMBER_MESSAGES.plumberIdInvalid) });
export type PlumberIdParam = z.input<typeof plumberIdParam>;

/** /api/plumbers/user/:userId */
export const plumberUserIdParam = z.object({ userId: uuidField(PLUMBER_MESSAGES.userIdInvalid) });
export type PlumberUserIdParam = z.input<typeof plumberUserIdParam>;

/** GET /api/plumbers/user/:userId, PUT /api/plumbers/me/location: a plumber's own profile. */
export const plumberProfileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  skills: z.array(z.string()),
  serviceRadiusKm: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  currentLat: z.string().nullable(),
  currentLng: z.string().nullable(),
  currentAddress: z.string().nullable(),
  status: z.enum(PLUMBER_STATUSES),
  /** False until the plumber has set a service location: no nearby jobs before that. */
  hasLocation: z.boolean(),
  // Onboarding: null until submitted (a verified plumber whose insurance lapsed reads 'pending').
  businessName: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  insuranceExpiresOn: z.string().nullable(),
  /** The admin's reason while `verificationStatus` is 'rejected', else null. */
  rejectionReason: z.string().nullable(),
  /** When the onboarding details were last submitted; null before. */
  vettingSubmittedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PlumberProfile = z.infer<typeof plumberProfileSchema>;

/** GET /api/plumbers/:plumberId/ratings */
export const plumberRatingSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  plumberId: z.uuid(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  createdAt: timestampSchema,
});
export type PlumberRating = z.infer<typeof plumberRatingSchema>;

export const averageRatingSchema = z.object({
  /** null when the plumber has no ratings yet. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type AverageRating = z.infer<typeof averageRatingSchema>;

const HH_MM_START = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end may be midnight at the end of the day, written 24:00. */
const HH_MM_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes after midnight of an `HH:MM` (24:00 is 1440). */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** `HH:MM` of minutes after midnight (1440 is 24:00). */
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One range of weekly working hours on the plumber's own clock (docs/decisions/029-appointments.md). */
export const weeklyHoursSchema = z
  .object({
    weekday: z
      .number({ error: PLUMBER_MESSAGES.weekdayInvalid })
      .int({ error: PLUMBER_MESSAGES.weekdayInvalid })
      .min(0, { error: PLUMBER_MESSAGES.weekdayInvalid })
      .max(6, { error: PLUMBER_MESSAGES.weekdayInvalid }),
    start: z
      .string({ error: PLUMBER_MESSAGES.hoursStartFormat })
      .trim()
      .regex(HH_MM_START, { error: PLUMBER_MESSAGES.hoursStartFormat }),
    end: z
      .string({ error: PLUMBER_MESSAGES.hoursEndFormat })
      .trim()
      .regex(HH_MM_END, { error: PLUMBER_MESSAGES.hoursEndFormat }),
  })
  .refine((range) => minutesOf(range.end) > minutesOf(range.start), {
    error: PLUMBER_MESSAGES.hoursEndAfterStart,
    path: ['end'],
  });
export type WeeklyHours = z.output<typeof weeklyHoursSchema>;

/**
 * PUT /api/plumbers/me/availability — replaces the plumber's weekly hours and days off. An empty
 * `weeklyHours` means "no hours set": any future window may be proposed (days off still count).
 */
export const plumberAvailabilityInput = z.object({
  weeklyHours: z
    .array(weeklyHoursSchema, { error: PLUMBER_MESSAGES.weeklyHoursRequired })
    .max(MAX_WEEKLY_HOURS, { error: PLUMBER_MESSAGES.weeklyHoursMax })
    .superRefine((ranges, ctx) => {
      const sorted = ranges
        .map((range, index) => ({ ...range, index }))
        .sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start));
      for (let i = 1; i < sorted.length; i++) {
        const [previous, current] = [sorted[i - 1], sorted[i]];
        if (previous.weekday === current.weekday && minutesOf(current.start) < minutesOf(previous.end)) {
          ctx.addIssue({ code: 'custom', message: PLUMBER_MESSAGES.hoursOverlap, path: [current.index] });
          return;
        }
      }
    }),
  daysOff: z
    .array(
      z.string({ error: PLUMBER_MESSAGES.dayOffFormat }).pipe(isoDateField(PLUMBER_MESSAGES.dayOffFormat)),
      {
        error: PLUMBER_MESSAGES.daysOffRequired,
      },
    )
    .max(MAX_DAYS_OFF, { error: PLUMBER_MESSAGES.daysOffMax })
    .transform((days) => [...new Set(days)].sort()),
});
export type PlumberAvailabilityInput = z.input<typeof plumberAvailabilityInput>;
export type PlumberAvailabilityData = z.output<typeof plumberAvailabilityInput>;

/**
 * GET/PUT /api/plumbers/me/availability answer: ranges by weekday and start, days off in order, and
 * the zone they are kept on — the plumber's own: its service area's (the app's before it has set one).
 */
export const plumberAvailabilitySchema = z.object({
  timeZone: z.string(),
  weeklyHours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  daysOff: z.array(z.string()),
});
export type PlumberAvailability = z.infer<typeof plumberAvailabilitySchema>;

/** `?from=&to=` of GET /api/plumbers/me/appointments: calendar days on the plumber's clock, both included. */
export const plumberAppointmentsQuery = z
  .object({
    from: isoDateField().optional(),
    to: isoDateField().optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: PLUMBER_MESSAGES.rangeToBeforeFrom,
    path: ['to'],
  })
  .refine(
    (range) =>
      !range.from ||
      !range.to ||
      Date.parse(range.to) - Date.parse(range.from) <= MAX_APPOINTMENT_RANGE_DAYS * 86_400_000,
    { error: PLUMBER_MESSAGES.rangeTooLong, path: ['to'] },
  );
export type PlumberAppointmentsQueryInput = z.input<typeof plumberAppointmentsQuery>;
export type PlumberAppointmentsQuery = z.output<typeof plumberAppointmentsQuery>;

/** One appointment on the plumber's calendar: when, and for which job (its area only). */
export const plumberAppointmentSchema = z.object({
  jobId: z.uuid(),
  startsAt: timestampSchema,
  endsAt: timestampSchema,
  status: z.enum(APPOINTMENT_STATUSES),
  /** The job's zone: the appointment is shown on its clock. */
  timeZone: z.string(),
  issueSlug: z.string(),
  /** "Austin, TX 78745": never the street address here; null when the address has no known ZIP code. */
  area: z.string().nullable(),
});
export type PlumberAppointment = z.infer<typeof plumberAppointmentSchema>;

export const plumberRoutes = {
  getByUser: defineRoute({
    method: 'GET',
    path: '/api/plumbers/user/:userId',
    params: plumberUserIdParam,
    response: plumberProfileSchema,
  }),
  setMyLocation: defineRoute({
    method: 'PUT',
    path: '/api/plumbers/me/location',
    body: updatePlumberLocationInput,
    response: plumberProfileSchema,
  }),
  submitOnboarding: defineRoute({
    method: 'PUT',
    path: '/api/plumbers/me/onboarding',
    body: plumberOnboardingInput,
    response: plumberProfileSchema,
  }),
  listRatings: defineRoute({
    method: 'GET',
    path: '/api/plumbers/:plumberId/ratings',
    params: plumberIdParam,
    response: z.array(plumberRatingSchema),
  }),
  averageRating: defineRoute({
    method: 'GET',
    path: '/api/plumbers/:plumberId/average-rating',
    params: plumberIdParam,
    response: averageRatingSchema,
  }),
  getMyAvailability: defineRoute({
    method: 'GET',
    path: '/api/plumbers/me/availability',
    response: plumberAvailabilitySchema,
  }),
  setMyAvailability: defineRoute({
    method: 'PUT',
    path: '/api/plumbers/me/availability',
    body: plumberAvailabilityInput,
    response: plumberAvailabilitySchema,
  }),
  listMyAppointments: defineRoute({
    method: 'GET',
    path: '/api/plumbers/me/appointments',
    query: plumberAppointmentsQuery,
    response: z.array(plumberAppointmentSchema),
  }),
};
