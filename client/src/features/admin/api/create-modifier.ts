import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type CreateModifierInput } from '@shared/contracts/admin-pricing';
import type { AdminModifier } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/modifiers — a new price modifier, with the admin's reason. */
export async function createModifier(body: CreateModifierInput): Promise<AdminModifier> {
  return callApi(adminPricingRoutes.createModifier, { body });
}

type UseCreateModifierOptions = {
  mutationConfig?: MutationConfig<typeof createModifier>;
};

export const useCreateModifier = ({ mutationConfig }: UseCreateModifierOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createModifier,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'modifiers');
      await onSuccess?.(...args);
    },
  });
};
