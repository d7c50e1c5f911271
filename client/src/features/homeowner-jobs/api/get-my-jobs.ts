import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerJob } from '@shared/marketplace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs — the logged-in customer's own jobs, newest first. */
export async function getMyJobs({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerJob[]> {
  return apiRequest<CustomerJob[]>('GET', queryKeys.jobs.mine[0], undefined, { signal });
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
