import { useMutation } from '@tanstack/react-query';
import { bookingRoutes, type BookingResult, type ConfirmBookingInput } from '@shared/contracts/booking';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/**
 * POST /api/service-requests/confirm — uses the token of the link mailed to a guest who booked;
 * answers the confirmed booking (400 TOKEN_INVALID for an unknown, used or expired link).
 */
export async function confirmBooking(data: ConfirmBookingInput): Promise<BookingResult> {
  return callApi(bookingRoutes.confirmBooking, { body: data });
}

type UseConfirmBookingOptions = {
  mutationConfig?: MutationConfig<typeof confirmBooking>;
};

/** Confirming changes nothing another query shows: the slot was the guest's already. */
export const useConfirmBooking = ({ mutationConfig }: UseConfirmBookingOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: confirmBooking });
