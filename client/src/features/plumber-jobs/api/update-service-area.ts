import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  plumberRoutes,
  type PlumberProfile,
  type UpdatePlumberLocationInput,
} from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PUT /api/plumbers/me/location — where the plumber works: a ZIP code (geocoded by the server) and a radius. */
export async function updateServiceArea(input: UpdatePlumberLocationInput): Promise<PlumberProfile> {
  return callApi(plumberRoutes.setMyLocation, { body: input });
}

type UseUpdateServiceAreaOptions = {
  mutationConfig?: MutationConfig<typeof updateServiceArea>;
};

export const useUpdateServiceArea = ({ mutationConfig }: UseUpdateServiceAreaOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateServiceArea,
    onSuccess: async (...args) => {
      const profile = args[0];
      queryClient.setQueryData(queryKeys.plumbers.ofUser(profile.userId), profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearby }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearbyCount }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
