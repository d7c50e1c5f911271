import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCatalogItemSchema, type AdminCatalogItem } from '@shared/validators/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/catalog — every catalogue row, active or not. Admin only. */
export async function getPricingCatalog({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminCatalogItem[]
> {
  const body = await apiRequest('GET', queryKeys.admin.catalog[0], undefined, { signal });
  return adminCatalogItemSchema.array().parse(body);
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
