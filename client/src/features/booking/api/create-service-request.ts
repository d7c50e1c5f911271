import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, type BookingResult, type CreateServiceRequestData } from '@shared/contracts/booking';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/**
 * POST /api/service-requests. With `slotId` the server books that slot in the same transaction
 * (409 SLOT_TAKEN if someone was quicker; nothing is stored then).
 */
export async function createServiceRequest(data: CreateServiceRequestData): Promise<BookingResult> {
  return callApi(bookingRoutes.createServiceRequest, { body: data });
}

type UseCreateServiceRequestOptions = {
  mutationConfig?: MutationConfig<typeof createServiceRequest>;
};

/** A booking changes the open slots, and for a homeowner their jobs: both are refreshed. */
export const useCreateServiceRequest = ({ mutationConfig }: UseCreateServiceRequestOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: createServiceRequest,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.booking.slots }),
        // The jobs list ('/api/jobs…') gains the posted job.
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/jobs'),
        }),
      ]);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      // Someone may have taken the chosen time: show the picker's current state.
      await queryClient.invalidateQueries({ queryKey: queryKeys.booking.slots });
      await onError?.(...args);
    },
  });
};
