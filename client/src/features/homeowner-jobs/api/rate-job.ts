import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type CreateRatingInput } from '@shared/contracts/jobs';
import type { PlumberRating } from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/jobs/{jobId}/rating — the owner rates the plumber of a completed job, once. */
export async function rateJob({
  jobId,
  ...rating
}: CreateRatingInput & { jobId: string }): Promise<PlumberRating> {
  return callApi(jobRoutes.rate, { params: { jobId }, body: rating });
}

type UseRateJobOptions = {
  mutationConfig?: MutationConfig<typeof rateJob>;
};

export const useRateJob = ({ mutationConfig }: UseRateJobOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: rateJob,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine });
      await onSuccess?.(...args);
    },
  });
};
