import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRoutes, type NearbyCount } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/nearby/count — how many open jobs are in the service area, before verification too. */
export async function getNearbyCount({ signal }: { signal?: AbortSignal } = {}): Promise<NearbyCount> {
  return callApi(jobRoutes.countNearby, { signal });
}

export const getNearbyCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.nearbyCount,
    queryFn: ({ signal }) => getNearbyCount({ signal }),
  });

type UseNearbyCountOptions = {
  queryConfig?: QueryConfig<typeof getNearbyCountQueryOptions>;
};

export const useNearbyCount = ({ queryConfig }: UseNearbyCountOptions = {}) =>
  useQuery({ ...getNearbyCountQueryOptions(), ...queryConfig });
