import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { plumbers } from '../schema';
import { FIELD_MESSAGES, uuidField, zipField } from './common';

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

const MIN_RADIUS_KM = 1;
const MAX_RADIUS_KM = 200;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** numeric(5,2): up to 999.99, at most 2 decimals. */
const RADIUS_NUMERIC = /^\d{1,3}(\.\d{1,2})?$/;

const coordinateString = (limit: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => DECIMAL.test(value) && Math.abs(Number(value)) <= limit, { error: message });

/** A plumbers row; verification, location and radius have database defaults. */
export const insertPlumberSchema = createInsertSchema(plumbers, {
  userId: uuidField(PLUMBER_MESSAGES.userIdInvalid),
  skills: z
    .array(z.string().trim().min(1, { error: PLUMBER_MESSAGES.skillInvalid }).max(80))
    .max(30)
    .optional(),
  serviceRadiusKm: z
    .string({ error: PLUMBER_MESSAGES.radiusFormat })
    .trim()
    .regex(RADIUS_NUMERIC, { error: PLUMBER_MESSAGES.radiusFormat })
    .refine((value) => Number(value) >= MIN_RADIUS_KM && Number(value) <= MAX_RADIUS_KM, {
      error: PLUMBER_MESSAGES.radiusRange,
    })
    .optional(),
  currentLat: coordinateString(90, PLUMBER_MESSAGES.latitude).nullish(),
  currentLng: coordinateString(180, PLUMBER_MESSAGES.longitude).nullish(),
  currentAddress: z.string().trim().max(300, { error: PLUMBER_MESSAGES.addressMax }).nullish(),
}).omit({ id: true, createdAt: true, updatedAt: true });
export type InsertPlumberInput = z.input<typeof insertPlumberSchema>;

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
