import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type RetirePricingInput } from '@shared/contracts/admin-pricing';
import type { AdminRegion } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/regions/{code}/retire — its ZIP codes are priced at the national average. */
export async function retireRegion({
  code,
  body,
}: {
  code: string;
  body: RetirePricingInput;
}): Promise<AdminRegion> {
  return callApi(adminPricingRoutes.retireRegion, { params: { code }, body });
}

type UseRetireRegionOptions = {
  mutationConfig?: MutationConfig<typeof retireRegion>;
};

export const useRetireRegion = ({ mutationConfig }: UseRetireRegionOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: retireRegion,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'regions');
      await onSuccess?.(...args);
    },
  });
};
