import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { DEFAULT_CURRENCY, LIMITS, TECHNICIAN_STATUSES, USER_ROLES } from '@shared/constants';
import { AUTH_MESSAGES, emailField, passwordField } from '@shared/contracts/auth';
import { BOOKING_MESSAGES } from '@shared/contracts/booking';
import {
  FIELD_MESSAGES,
  isoDateField,
  issueSlugField,
  nameField,
  phoneField,
  timeField,
  urgencyField,
  uuidField,
} from '@shared/contracts/common';
import { JOB_MESSAGES } from '@shared/contracts/jobs';
import { MAX_RADIUS_KM, MIN_RADIUS_KM, PLUMBER_MESSAGES } from '@shared/contracts/plumbers';
import { MODIFIER_TYPES, PRICING_MESSAGES, modifierValuesSchema } from '@shared/contracts/pricing';
import {
  availabilitySlots,
  jobs,
  modifiers,
  plumbers,
  pricingCatalog,
  regions,
  technicians,
  users,
} from '@shared/schema';

/**
 * Row rules of the reference and demo data the seed writes, derived from the tables (drizzle-zod) and
 * refined with the product's messages. Server-only: browser bundles never load table definitions.
 * The request bodies of the API are in shared/contracts.
 */

export const USER_MESSAGES = {
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  passwordMin: AUTH_MESSAGES.passwordMin,
  nameMin: FIELD_MESSAGES.nameMin,
  phoneMin: FIELD_MESSAGES.phoneMin,
  roleInvalid: 'Role must be homeowner, plumber or admin',
} as const;

export const TECHNICIAN_MESSAGES = {
  statusInvalid: 'Status must be available, busy or off_duty',
  specialtyRequired: 'Specialty cannot be empty',
} as const;

/** An availability slot as stored; booking state (isBooked, serviceRequestId) is owned by the server. */
export const insertAvailabilitySlotSchema = createInsertSchema(availabilitySlots, {
  date: isoDateField(),
  startTime: timeField(),
  endTime: timeField(),
  technicianId: uuidField(BOOKING_MESSAGES.technicianIdInvalid).nullish(),
})
  .omit({ id: true, createdAt: true, isBooked: true, serviceRequestId: true })
  .refine((slot) => slot.endTime > slot.startTime, {
    error: BOOKING_MESSAGES.endTimeAfterStart,
    path: ['endTime'],
  });
export type InsertAvailabilitySlotInput = z.input<typeof insertAvailabilitySlotSchema>;

/**
 * A new account as the server creates it: the plain password comes in (checked by the same rule as
 * registration) and the server stores only its hash. Role defaults to homeowner in the database.
 */
export const insertUserSchema = createInsertSchema(users, {
  email: emailField,
  role: z.enum(USER_ROLES, { error: USER_MESSAGES.roleInvalid }).optional(),
  name: nameField().optional(),
  phone: phoneField().optional(),
})
  .omit({ id: true, createdAt: true, updatedAt: true, passwordHash: true })
  .extend({ password: passwordField });
export type InsertUserInput = z.input<typeof insertUserSchema>;
export type InsertUserData = z.output<typeof insertUserSchema>;

export const insertTechnicianSchema = createInsertSchema(technicians, {
  name: nameField(),
  phone: phoneField(),
  email: emailField,
  specialties: z
    .array(z.string().trim().min(1, { error: TECHNICIAN_MESSAGES.specialtyRequired }).max(80))
    .max(30)
    .optional(),
  status: z.enum(TECHNICIAN_STATUSES, { error: TECHNICIAN_MESSAGES.statusInvalid }).optional(),
  currentLocation: z.string().trim().max(200).nullish(),
}).omit({ id: true, createdAt: true });
export type InsertTechnicianInput = z.input<typeof insertTechnicianSchema>;

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

/** numeric(10,2) as text: positive, at most 8 integer digits and 2 decimals. */
const MONEY_TEXT = /^\d{1,8}(\.\d{1,2})?$/;
/** numeric(5,3) as text. */
const INDEX_TEXT = /^\d{1,2}(\.\d{1,3})?$/;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const basePriceField = (requiredMessage: string) =>
  requiredText(requiredMessage, 20).refine((value) => MONEY_TEXT.test(value) && Number(value) > 0, {
    error: PRICING_MESSAGES.basePriceFormat,
  });

const indexField = () =>
  z
    .string({ error: PRICING_MESSAGES.indexFormat })
    .trim()
    .refine((value) => INDEX_TEXT.test(value) && Number(value) > 0, { error: PRICING_MESSAGES.indexFormat })
    .default('1.000');

/** A pricing-catalogue row: one plumbing issue type with its national base price range. */
export const insertPricingCatalogSchema = createInsertSchema(pricingCatalog, {
  issueSlug: issueSlugField(PRICING_MESSAGES.issueSlugRequired),
  issueName: requiredText(PRICING_MESSAGES.issueNameRequired),
  baseMin: basePriceField(PRICING_MESSAGES.baseMinRequired),
  baseMax: basePriceField(PRICING_MESSAGES.baseMaxRequired),
  unit: requiredText(PRICING_MESSAGES.unitRequired, 40).default('job'),
  category: requiredText(PRICING_MESSAGES.categoryRequired, 80),
  notes: z.string().trim().max(2000).nullish(),
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .refine((item) => Number(item.baseMin) <= Number(item.baseMax), {
    error: PRICING_MESSAGES.baseMinAboveMax,
    path: ['baseMax'],
  });
export type InsertPricingCatalogInput = z.input<typeof insertPricingCatalogSchema>;

/** A metro region with labour and material indices relative to the national average (1.000). */
export const insertRegionSchema = createInsertSchema(regions, {
  code: requiredText(PRICING_MESSAGES.codeRequired, 20),
  name: requiredText(PRICING_MESSAGES.nameRequired),
  state: z
    .string({ error: PRICING_MESSAGES.stateLength })
    .trim()
    .length(LIMITS.regionStateLength, { error: PRICING_MESSAGES.stateLength }),
  metro: z.string().trim().max(200).nullish(),
  laborIndex: indexField(),
  materialIndex: indexField(),
  currency: z
    .string({ error: PRICING_MESSAGES.currencyFormat })
    .trim()
    .regex(/^[A-Z]{3}$/, { error: PRICING_MESSAGES.currencyFormat })
    .default(DEFAULT_CURRENCY),
}).omit({ id: true, createdAt: true, updatedAt: true });
export type InsertRegionInput = z.input<typeof insertRegionSchema>;

/** A price modifier (urgency, after-hours, difficult access, permit, …). */
export const insertModifierSchema = createInsertSchema(modifiers, {
  key: requiredText(PRICING_MESSAGES.modifierKeyRequired, 60),
  type: z.enum(MODIFIER_TYPES, { error: PRICING_MESSAGES.modifierTypeInvalid }),
  name: requiredText(PRICING_MESSAGES.modifierNameRequired),
  description: z.string().trim().max(1000).nullish(),
  valuesJson: modifierValuesSchema,
}).omit({ id: true, createdAt: true, updatedAt: true });
export type InsertModifierInput = z.input<typeof insertModifierSchema>;
