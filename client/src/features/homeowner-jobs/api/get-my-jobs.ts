import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRoutes, type CustomerJob } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs — the logged-in customer's own jobs, newest first. */
export async function getMyJobs({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerJob[]> {
  return callApi(jobRoutes.listMine, { signal });
}

export const getMyJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.mine,
    queryFn: ({ signal }) => getMyJobs({ signal }),
  });

type UseMyJobsOptions = {
  queryConfig?: QueryConfig<typeof getMyJobsQueryOptions>;
};

export const useMyJobs = ({ queryConfig }: UseMyJobsOptions = {}) =>
  useQuery({ ...getMyJobsQueryOptions(), ...queryConfig });
