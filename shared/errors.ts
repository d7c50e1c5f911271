/**
 * Every machine-readable error code the API can answer with. The client switches on these,
 * so they live here, once. Wire format: `{ error: string, code: ErrorCode, details?: unknown }`.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  /** The right password of an account an admin has suspended: logging in is refused until reinstated. */
  'ACCOUNT_SUSPENDED',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  /** A mailed link's token that is unknown, used or expired (which of them is not said). */
  'TOKEN_INVALID',
  /** The account has no full name or phone yet: asked before a first job post or quote (docs/decisions/025-accounts.md). */
  'PROFILE_INCOMPLETE',
  'SLOT_TAKEN',
  'ALREADY_QUOTED',
  'QUOTE_ALREADY_ACCEPTED',
  /** The plumber already holds a booked appointment overlapping the window (docs/decisions/029-appointments.md). */
  'APPOINTMENT_CONFLICT',
  /** A proposed window outside the plumber's working hours or on a day off (docs/decisions/029-appointments.md). */
  'APPOINTMENT_UNAVAILABLE',
  'FINAL_AMOUNT_ABOVE_AGREED',
  /** A diagnosis photo too dark or too blurred to help (shared/photo-quality.ts): details name each by its index. */
  'PHOTO_UNUSABLE',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}
