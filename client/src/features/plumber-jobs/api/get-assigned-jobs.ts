import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignedJob } from '@shared/marketplace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/assigned — jobs this plumber was hired for, with the homeowner's contact details. */
export async function getAssignedJobs({ signal }: { signal?: AbortSignal } = {}): Promise<AssignedJob[]> {
  return apiRequest<AssignedJob[]>('GET', queryKeys.jobs.assigned[0], undefined, { signal });
}

export const getAssignedJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.assigned,
    queryFn: ({ signal }) => getAssignedJobs({ signal }),
  });

type UseAssignedJobsOptions = {
  queryConfig?: QueryConfig<typeof getAssignedJobsQueryOptions>;
};

export const useAssignedJobs = ({ queryConfig }: UseAssignedJobsOptions = {}) =>
  useQuery({ ...getAssignedJobsQueryOptions(), ...queryConfig });
