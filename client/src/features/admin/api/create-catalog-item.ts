import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPricingRoutes, type CreateCatalogItemInput } from '@shared/contracts/admin-pricing';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterPricingEdit } from './pricing-edit-cache';

/** POST /api/admin/pricing/catalog — a new issue type, with the admin's reason. */
export async function createCatalogItem(body: CreateCatalogItemInput): Promise<AdminCatalogItem> {
  return callApi(adminPricingRoutes.createCatalogItem, { body });
}

type UseCreateCatalogItemOptions = {
  mutationConfig?: MutationConfig<typeof createCatalogItem>;
};

export const useCreateCatalogItem = ({ mutationConfig }: UseCreateCatalogItemOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createCatalogItem,
    onSuccess: async (...args) => {
      await refreshAfterPricingEdit(queryClient, 'catalog');
      await onSuccess?.(...args);
    },
  });
};
