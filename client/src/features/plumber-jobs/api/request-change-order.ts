import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type CreateChangeOrderInput, type JobChangeOrder } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/jobs/{jobId}/change-orders — the hired plumber asks the homeowner for more. */
export async function requestChangeOrder({
  jobId,
  ...input
}: CreateChangeOrderInput & { jobId: string }): Promise<JobChangeOrder> {
  return callApi(jobRoutes.requestChangeOrder, { params: { jobId }, body: input });
}

type UseRequestChangeOrderOptions = {
  mutationConfig?: MutationConfig<typeof requestChangeOrder>;
};

export const useRequestChangeOrder = ({ mutationConfig }: UseRequestChangeOrderOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: requestChangeOrder,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.assigned });
      await onSuccess?.(...args);
    },
  });
};
