import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type UpdateModifierInput } from '@shared/contracts/admin-pricing';
import type { AdminModifier } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** PATCH /api/admin/pricing/modifiers/{modifierId} — an edit, or `isActive: true` to reinstate. */
export async function updateModifier({
  modifierId,
  body,
}: {
  modifierId: string;
  body: UpdateModifierInput;
}): Promise<AdminModifier> {
  return callApi(adminPricingRoutes.updateModifier, { params: { modifierId }, body });
}

type UseUpdateModifierOptions = {
  mutationConfig?: MutationConfig<typeof updateModifier>;
};

export const useUpdateModifier = ({ mutationConfig }: UseUpdateModifierOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateModifier,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'modifiers');
      await onSuccess?.(...args);
    },
  });
};
