import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type ChangeOrderParams, type JobChangeOrder } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/jobs/{jobId}/change-orders/{changeOrderId}/decline — the homeowner refuses the extra amount: the ceiling stays where it was. */
export async function declineChangeOrder(params: ChangeOrderParams): Promise<JobChangeOrder> {
  return callApi(jobRoutes.declineChangeOrder, { params });
}

type UseDeclineChangeOrderOptions = {
  mutationConfig?: MutationConfig<typeof declineChangeOrder>;
};

export const useDeclineChangeOrder = ({ mutationConfig }: UseDeclineChangeOrderOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: declineChangeOrder,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine });
      await onSuccess?.(...args);
    },
  });
};
