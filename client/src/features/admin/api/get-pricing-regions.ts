import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AdminRegion } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/regions — every region, the national average first. Admin only. */
export async function getPricingRegions({ signal }: { signal?: AbortSignal } = {}): Promise<AdminRegion[]> {
  return callApi(adminRoutes.regions, { signal });
}

export const getPricingRegionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.regions,
    queryFn: ({ signal }) => getPricingRegions({ signal }),
  });

type UsePricingRegionsOptions = {
  queryConfig?: QueryConfig<typeof getPricingRegionsQueryOptions>;
};

export const usePricingRegions = ({ queryConfig }: UsePricingRegionsOptions = {}) =>
  useQuery({ ...getPricingRegionsQueryOptions(), ...queryConfig });
