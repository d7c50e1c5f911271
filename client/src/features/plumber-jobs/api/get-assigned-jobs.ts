import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRoutes, type AssignedJob } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/assigned — jobs this plumber was hired for, with the homeowner's contact details. */
export async function getAssignedJobs({ signal }: { signal?: AbortSignal } = {}): Promise<AssignedJob[]> {
  return callApi(jobRoutes.listAssigned, { signal });
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
