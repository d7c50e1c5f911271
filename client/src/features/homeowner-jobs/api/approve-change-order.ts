import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type ChangeOrderParams, type JobChangeOrder } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/jobs/{jobId}/change-orders/{changeOrderId}/approve — the homeowner agrees to the extra amount: it raises the ceiling of the final amount. */
export async function approveChangeOrder(params: ChangeOrderParams): Promise<JobChangeOrder> {
  return callApi(jobRoutes.approveChangeOrder, { params });
}

type UseApproveChangeOrderOptions = {
  mutationConfig?: MutationConfig<typeof approveChangeOrder>;
};

export const useApproveChangeOrder = ({ mutationConfig }: UseApproveChangeOrderOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: approveChangeOrder,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine });
      await onSuccess?.(...args);
    },
  });
};
