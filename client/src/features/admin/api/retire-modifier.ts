import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type RetirePricingInput } from '@shared/contracts/admin-pricing';
import type { AdminModifier } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/modifiers/{modifierId}/retire — no longer applied to any price. */
export async function retireModifier({
  modifierId,
  body,
}: {
  modifierId: string;
  body: RetirePricingInput;
}): Promise<AdminModifier> {
  return callApi(adminPricingRoutes.retireModifier, { params: { modifierId }, body });
}

type UseRetireModifierOptions = {
  mutationConfig?: MutationConfig<typeof retireModifier>;
};

export const useRetireModifier = ({ mutationConfig }: UseRetireModifierOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: retireModifier,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'modifiers');
      await onSuccess?.(...args);
    },
  });
};
