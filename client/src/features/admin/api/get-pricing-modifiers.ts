import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AdminModifier } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/modifiers — every price modifier. Admin only. */
export async function getPricingModifiers({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminModifier[]
> {
  return callApi(adminRoutes.modifiers, { signal });
}

export const getPricingModifiersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.modifiers,
    queryFn: ({ signal }) => getPricingModifiers({ signal }),
  });

type UsePricingModifiersOptions = {
  queryConfig?: QueryConfig<typeof getPricingModifiersQueryOptions>;
};

export const usePricingModifiers = ({ queryConfig }: UsePricingModifiersOptions = {}) =>
  useQuery({ ...getPricingModifiersQueryOptions(), ...queryConfig });
