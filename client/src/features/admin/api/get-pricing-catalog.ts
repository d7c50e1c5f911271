import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AdminCatalogItem } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/catalog — every catalogue row, active or not. Admin only. */
export async function getPricingCatalog({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminCatalogItem[]
> {
  return callApi(adminRoutes.catalog, { signal });
}

export const getPricingCatalogQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.catalog,
    queryFn: ({ signal }) => getPricingCatalog({ signal }),
  });

type UsePricingCatalogOptions = {
  queryConfig?: QueryConfig<typeof getPricingCatalogQueryOptions>;
};

export const usePricingCatalog = ({ queryConfig }: UsePricingCatalogOptions = {}) =>
  useQuery({ ...getPricingCatalogQueryOptions(), ...queryConfig });
