import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueueRoutes, type CreateReportInput, type JobReport } from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface FileReportVariables {
  jobId: string;
  body: CreateReportInput;
}

/** POST /api/jobs/{jobId}/reports — the homeowner or an involved plumber reports a problem to Plumbline. */
export async function fileReport({ jobId, body }: FileReportVariables): Promise<JobReport> {
  return callApi(adminQueueRoutes.fileReport, { params: { jobId }, body });
}

type UseFileReportOptions = {
  mutationConfig?: MutationConfig<typeof fileReport>;
};

export const useFileReport = ({ mutationConfig }: UseFileReportOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: fileReport,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.myReports(args[1].jobId) });
      await onSuccess?.(...args);
    },
  });
};
