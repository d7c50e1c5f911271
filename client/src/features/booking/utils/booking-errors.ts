import { getErrorMessage, isApiError } from '@/lib/api-client';

/** Form fields a server answer may point at (`details[].path`). */
export const FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'serviceType',
  'urgency',
  'preferredDate',
  'description',
  'slotId',
] as const;
export type FormFieldName = (typeof FORM_FIELDS)[number];

/** How the booking form answers a failed submission. */
export type BookingFailure =
  /** A field's own message, shown at the field. */
  | { kind: 'field'; path: FormFieldName; message: string }
  /**
   * The server's message in a toast. `clearSlot`: the chosen time is gone, pick another.
   * `keep`: the message says what to do next (call us, another day), so it also stays on the form.
   */
  | { kind: 'message'; message: string; clearSlot: boolean; keep: boolean };

function firstFieldIssue(body: unknown): { path: FormFieldName; message: string } | undefined {
  const details = (body as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return undefined;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    if (FORM_FIELDS.includes(issue.path as FormFieldName) && typeof issue.message === 'string') {
      return { path: issue.path as FormFieldName, message: issue.message };
    }
  }
  return undefined;
}

/**
 * What to show for a failed booking: a field's message at the field; the server's own words for
 * a taken slot, a refusal (the day's booking cap, 409) or too many requests (429); else `fallback`.
 */
export function describeBookingFailure(error: unknown, fallback: string): BookingFailure {
  if (isApiError(error, 409) && error.code === 'SLOT_TAKEN') {
    return { kind: 'message', message: getErrorMessage(error, fallback), clearSlot: true, keep: false };
  }
  if (isApiError(error, 400)) {
    const issue = firstFieldIssue(error.body);
    if (issue) return { kind: 'field', ...issue };
    return { kind: 'message', message: getErrorMessage(error, fallback), clearSlot: false, keep: false };
  }
  if (isApiError(error, 409) || isApiError(error, 429)) {
    return { kind: 'message', message: getErrorMessage(error, fallback), clearSlot: false, keep: true };
  }
  return { kind: 'message', message: fallback, clearSlot: false, keep: false };
}
