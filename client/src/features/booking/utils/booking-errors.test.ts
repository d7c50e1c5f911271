import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeBookingFailure } from './booking-errors';

const FALLBACK = 'Please try again or call us directly';
const apiError = (status: number, body: unknown) => new ApiError(status, 'Error', JSON.stringify(body));

describe('describeBookingFailure', () => {
  it('keeps the daily-cap refusal on the form, in the server’s words', () => {
    const message =
      'You already have 3 bookings for that day. Call us at (555) 010-7586 or manage your existing bookings.';
    expect(describeBookingFailure(apiError(409, { code: 'CONFLICT', error: message }), FALLBACK)).toEqual({
      kind: 'message',
      message,
      clearSlot: false,
      keep: true,
    });
  });

  it('clears the chosen slot when it was just taken', () => {
    const error = apiError(409, {
      code: 'SLOT_TAKEN',
      error: 'That time was just booked — please pick another',
    });
    expect(describeBookingFailure(error, FALLBACK)).toEqual({
      kind: 'message',
      message: 'That time was just booked — please pick another',
      clearSlot: true,
      keep: false,
    });
  });

  it('shows the rate limit’s own message', () => {
    const error = apiError(429, { code: 'RATE_LIMITED', error: 'You have sent a lot of booking requests.' });
    expect(describeBookingFailure(error, FALLBACK)).toMatchObject({
      message: 'You have sent a lot of booking requests.',
      keep: true,
    });
  });

  it('puts a field’s message at the field', () => {
    const error = apiError(400, {
      code: 'VALIDATION_ERROR',
      error: 'Preferred date cannot be in the past',
      details: [{ path: 'preferredDate', message: 'Preferred date cannot be in the past' }],
    });
    expect(describeBookingFailure(error, FALLBACK)).toEqual({
      kind: 'field',
      path: 'preferredDate',
      message: 'Preferred date cannot be in the past',
    });
  });

  it('falls back to the generic text for anything else', () => {
    expect(describeBookingFailure(apiError(500, { code: 'INTERNAL_ERROR', error: 'x' }), FALLBACK)).toEqual({
      kind: 'message',
      message: FALLBACK,
      clearSlot: false,
      keep: false,
    });
    expect(describeBookingFailure(new TypeError('Failed to fetch'), FALLBACK)).toMatchObject({
      message: FALLBACK,
    });
  });
});
