import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminModifierSchema, type AdminModifier } from '@shared/validators/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/pricing/modifiers — every price modifier. Admin only. */
export async function getPricingModifiers({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminModifier[]
> {
  const body = await apiRequest('GET', queryKeys.admin.modifiers[0], undefined, { signal });
  return adminModifierSchema.array().parse(body);
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
