import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRoutes, type NearbyJob } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/nearby — open jobs within the plumber's service area, emergencies first then nearest. */
export async function getNearbyJobs({ signal }: { signal?: AbortSignal } = {}): Promise<NearbyJob[]> {
  return callApi(jobRoutes.listNearby, { signal });
}

export const getNearbyJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.nearby,
    queryFn: ({ signal }) => getNearbyJobs({ signal }),
  });

type UseNearbyJobsOptions = {
  queryConfig?: QueryConfig<typeof getNearbyJobsQueryOptions>;
};

export const useNearbyJobs = ({ queryConfig }: UseNearbyJobsOptions = {}) =>
  useQuery({ ...getNearbyJobsQueryOptions(), ...queryConfig });
