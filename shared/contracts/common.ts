import { z } from './zod';
import { LIMITS, URGENCIES } from '../constants';

/**
 * Field rules used by more than one aggregate. Each rule and its message is written here once;
 * the aggregate files (booking, users, pricing, …) reuse them and name the messages in their own
 * `*_MESSAGES` objects.
 */
export const FIELD_MESSAGES = {
  invalidId: 'Invalid id',
  jobIdInvalid: 'Invalid job id',
  plumberIdInvalid: 'Invalid plumber id',
  userIdInvalid: 'Invalid user id',
  issueTypeRequired: 'Issue type is required',
  nameMin: 'Name must be at least 2 characters',
  phoneMin: 'Phone number must be at least 10 digits',
  phoneInvalid: 'Phone number can only contain digits, spaces and + ( ) - .',
  dateFormat: 'Date must be in YYYY-MM-DD format',
  timeFormat: 'Time must be in HH:MM format',
  zip: 'Enter a 5-digit ZIP code',
  urgencyInvalid: 'Urgency must be routine, urgent or emergency',
  issueSlug: 'Issue type must be lower-case words joined by hyphens',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** HH 00–23, MM 00–59. */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const US_ZIP = /^\d{5}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PHONE_CHARACTERS = /^[0-9+().\-\s]*$/;
const MAX_PHONE_LENGTH = 25;

/** True for a real calendar day written YYYY-MM-DD (so 2025-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** A `uuid` with a caller-chosen message (`Invalid user id`, `Invalid quote id`, …). */
export const uuidField = (message: string = FIELD_MESSAGES.invalidId) => z.uuid({ error: message });

/** A timestamp on the wire: ISO 8601 in UTC, as `Date#toJSON` writes it. */
export const timestampSchema = z.iso.datetime();

/** Route params `:id`. */
export const uuidParam = z.object({ id: uuidField() });
export type UuidParam = z.input<typeof uuidParam>;

/** The `:jobId` of /api/jobs/:jobId/…, /api/quotes/job/:jobId. */
export const jobIdParam = z.object({ jobId: uuidField(FIELD_MESSAGES.jobIdInvalid) });
export type JobIdParam = z.input<typeof jobIdParam>;

/** A calendar date `YYYY-MM-DD`; every failure (missing, wrong shape, impossible day) reads the same. */
export const isoDateField = (message: string = FIELD_MESSAGES.dateFormat) =>
  z.string({ error: message }).trim().refine(isIsoDate, { error: message });

/** A clock time `HH:MM`, 00:00–23:59. */
export const timeField = () =>
  z.string({ error: FIELD_MESSAGES.timeFormat }).trim().regex(HH_MM, { error: FIELD_MESSAGES.timeFormat });

/** A person's name: trimmed, at least 2 characters. */
export const nameField = () =>
  z
    .string({ error: FIELD_MESSAGES.nameMin })
    .trim()
    .min(LIMITS.nameMin, { error: FIELD_MESSAGES.nameMin })
    .max(120, { error: 'Name must be at most 120 characters' });

/** A phone number: at least 10 digits; spaces, +, parentheses, dots and dashes allowed around them. */
export const phoneField = () =>
  z
    .string({ error: FIELD_MESSAGES.phoneMin })
    .trim()
    .refine((value) => digitCount(value) >= LIMITS.phoneMin, { error: FIELD_MESSAGES.phoneMin, abort: true })
    .refine((value) => PHONE_CHARACTERS.test(value) && value.length <= MAX_PHONE_LENGTH, {
      error: FIELD_MESSAGES.phoneInvalid,
    });

/** A 5-digit US ZIP code. */
export const zipField = () =>
  z.string({ error: FIELD_MESSAGES.zip }).trim().regex(US_ZIP, { error: FIELD_MESSAGES.zip });

/** A pricing-catalogue slug such as `leaky-faucet`. */
export const issueSlugField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(100, { error: FIELD_MESSAGES.issueSlug })
    .regex(SLUG, { error: FIELD_MESSAGES.issueSlug });

/** routine | urgent | emergency. */
export const urgencyField = () => z.enum(URGENCIES, { error: FIELD_MESSAGES.urgencyInvalid });
