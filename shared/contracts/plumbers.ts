import { z } from './zod';
import { PLUMBER_STATUSES, VERIFICATION_STATUSES } from '../constants';
import { FIELD_MESSAGES, isoDateField, timestampSchema, uuidField, zipField } from './common';
import { defineRoute } from './http';

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
};
