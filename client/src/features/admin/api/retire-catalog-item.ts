import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type RetirePricingInput } from '@shared/contracts/admin-pricing';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/catalog/{issueSlug}/retire — no longer offered; old jobs keep it. */
export async function retireCatalogItem({
  issueSlug,
  body,
}: {
  issueSlug: string;
  body: RetirePricingInput;
}): Promise<AdminCatalogItem> {
  return callApi(adminPricingRoutes.retireCatalogItem, { params: { issueSlug }, body });
}

type UseRetireCatalogItemOptions = {
  mutationConfig?: MutationConfig<typeof retireCatalogItem>;
};

export const useRetireCatalogItem = ({ mutationConfig }: UseRetireCatalogItemOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: retireCatalogItem,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'catalog');
      await onSuccess?.(...args);
    },
  });
};
