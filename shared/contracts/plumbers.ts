import { z } from 'zod';
import { PLUMBER_STATUSES, VERIFICATION_STATUSES } from '../constants';
import { FIELD_MESSAGES, timestampSchema, uuidField, zipField } from './common';
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
