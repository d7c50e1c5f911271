import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  plumberRoutes,
  type PlumberAvailability,
  type PlumberAvailabilityInput,
} from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PUT /api/plumbers/me/availability — replaces the logged-in plumber's weekly hours and days off. */
export async function setMyAvailability(input: PlumberAvailabilityInput): Promise<PlumberAvailability> {
  return callApi(plumberRoutes.setMyAvailability, { body: input });
}

type UseSetMyAvailabilityOptions = {
  mutationConfig?: MutationConfig<typeof setMyAvailability>;
};

export const useSetMyAvailability = ({ mutationConfig }: UseSetMyAvailabilityOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: setMyAvailability,
    onSuccess: async (...args) => {
      // The answer is the saved state: no need to ask again.
      queryClient.setQueryData(queryKeys.plumbers.myAvailability, args[0]);
      await onSuccess?.(...args);
    },
  });
};
