import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobStatusResult, type UpdateJobStatusInput } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PATCH /api/jobs/{jobId}/status — the assigned plumber starts or completes a job. */
export async function updateJobStatus({
  jobId,
  ...change
}: UpdateJobStatusInput & { jobId: string }): Promise<JobStatusResult> {
  return callApi(jobRoutes.changeStatus, { params: { jobId }, body: change });
}

type UseUpdateJobStatusOptions = {
  mutationConfig?: MutationConfig<typeof updateJobStatus>;
};

export const useUpdateJobStatus = ({ mutationConfig }: UseUpdateJobStatusOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateJobStatus,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.assigned });
      await onSuccess?.(...args);
    },
  });
};
