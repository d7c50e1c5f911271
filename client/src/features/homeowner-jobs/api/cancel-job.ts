import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobStatusResult } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PATCH /api/jobs/{jobId}/status {status: 'cancelled'} — the owner withdraws a job before accepting a quote. */
export async function cancelJob({ jobId }: { jobId: string }): Promise<JobStatusResult> {
  return callApi(jobRoutes.changeStatus, { params: { jobId }, body: { status: 'cancelled' } });
}

type UseCancelJobOptions = {
  mutationConfig?: MutationConfig<typeof cancelJob>;
};

export const useCancelJob = ({ mutationConfig }: UseCancelJobOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: cancelJob,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine });
      await onSuccess?.(...args);
    },
  });
};
