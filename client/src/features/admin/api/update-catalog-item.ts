import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type UpdateCatalogItemInput } from '@shared/contracts/admin-pricing';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** PATCH /api/admin/pricing/catalog/{issueSlug} — an edit, or `isActive: true` to reinstate. */
export async function updateCatalogItem({
  issueSlug,
  body,
}: {
  issueSlug: string;
  body: UpdateCatalogItemInput;
}): Promise<AdminCatalogItem> {
  return callApi(adminPricingRoutes.updateCatalogItem, { params: { issueSlug }, body });
}

type UseUpdateCatalogItemOptions = {
  mutationConfig?: MutationConfig<typeof updateCatalogItem>;
};

export const useUpdateCatalogItem = ({ mutationConfig }: UseUpdateCatalogItemOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateCatalogItem,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'catalog');
      await onSuccess?.(...args);
    },
  });
};
