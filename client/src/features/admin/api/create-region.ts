import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type CreateRegionInput } from '@shared/contracts/admin-pricing';
import type { AdminRegion } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/regions — a new pricing region, with the admin's reason. */
export async function createRegion(body: CreateRegionInput): Promise<AdminRegion> {
  return callApi(adminPricingRoutes.createRegion, { body });
}

type UseCreateRegionOptions = {
  mutationConfig?: MutationConfig<typeof createRegion>;
};

export const useCreateRegion = ({ mutationConfig }: UseCreateRegionOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createRegion,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'regions');
      await onSuccess?.(...args);
    },
  });
};
