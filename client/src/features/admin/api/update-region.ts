import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type UpdateRegionInput } from '@shared/contracts/admin-pricing';
import type { AdminRegion } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** PATCH /api/admin/pricing/regions/{code} — an edit, or `isActive: true` to reinstate. */
export async function updateRegion({
  code,
  body,
}: {
  code: string;
  body: UpdateRegionInput;
}): Promise<AdminRegion> {
  return callApi(adminPricingRoutes.updateRegion, { params: { code }, body });
}

type UseUpdateRegionOptions = {
  mutationConfig?: MutationConfig<typeof updateRegion>;
};

export const useUpdateRegion = ({ mutationConfig }: UseUpdateRegionOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateRegion,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'regions');
      await onSuccess?.(...args);
    },
  });
};
