import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueueRoutes, type JobReport } from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/{jobId}/reports — the viewer's own problem reports on the job, newest first. */
export async function getMyReports(
  jobId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobReport[]> {
  return callApi(adminQueueRoutes.listMyReports, { params: { jobId }, signal });
}

export const getMyReportsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.myReports(jobId),
    queryFn: ({ signal }) => getMyReports(jobId, { signal }),
  });

type UseMyReportsOptions = {
  jobId: string;
  queryConfig?: QueryConfig<typeof getMyReportsQueryOptions>;
};

export const useMyReports = ({ jobId, queryConfig }: UseMyReportsOptions) =>
  useQuery({ ...getMyReportsQueryOptions(jobId), ...queryConfig });
