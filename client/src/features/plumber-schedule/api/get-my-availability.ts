import { queryOptions, useQuery } from '@tanstack/react-query';
import { plumberRoutes, type PlumberAvailability } from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/plumbers/me/availability — the logged-in plumber's weekly hours and days off. */
export async function getMyAvailability({
  signal,
}: { signal?: AbortSignal } = {}): Promise<PlumberAvailability> {
  return callApi(plumberRoutes.getMyAvailability, { signal });
}

export const getMyAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.plumbers.myAvailability,
    queryFn: ({ signal }) => getMyAvailability({ signal }),
  });

type UseMyAvailabilityOptions = {
  queryConfig?: QueryConfig<typeof getMyAvailabilityQueryOptions>;
};

export const useMyAvailability = ({ queryConfig }: UseMyAvailabilityOptions = {}) =>
  useQuery({ ...getMyAvailabilityQueryOptions(), ...queryConfig });
