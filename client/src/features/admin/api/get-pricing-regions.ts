import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRegionSchema, type AdminRegion } from '@shared/validators/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/regions — every region, the national average first. Admin only. */
export async function getPricingRegions({ signal }: { signal?: AbortSignal } = {}): Promise<AdminRegion[]> {
  const body = await apiRequest('GET', queryKeys.admin.regions[0], undefined, { signal });
  return adminRegionSchema.array().parse(body);
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
