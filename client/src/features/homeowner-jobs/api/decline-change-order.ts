import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobChangeOrder } from '@shared/marketplace';
import type { ChangeOrderParams } from '@shared/validators/jobs';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/jobs/{jobId}/change-orders/{changeOrderId}/decline — the homeowner refuses the extra amount: the ceiling stays where it was. */
export async function declineChangeOrder({
  jobId,
  changeOrderId,
}: ChangeOrderParams): Promise<JobChangeOrder> {
  return apiRequest<JobChangeOrder>(
    'POST',
    `/api/jobs/${encodeURIComponent(jobId)}/change-orders/${encodeURIComponent(changeOrderId)}/decline`,
  );
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
