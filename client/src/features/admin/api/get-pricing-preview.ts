import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminPricingRoutes,
  type PricingPreview,
  type PricingPreviewInput,
} from '@shared/contracts/admin-pricing';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * POST /api/admin/pricing/preview — the estimates a pricing edit would change, before and after,
 * priced by the pricing engine. It writes nothing, so it is read like a query, keyed by the change.
 */
export async function getPricingPreview(
  change: PricingPreviewInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PricingPreview> {
  return callApi(adminPricingRoutes.preview, { body: change, signal });
}

export const getPricingPreviewQueryOptions = (change: PricingPreviewInput) =>
  queryOptions({
    queryKey: queryKeys.pricing.preview(change),
    queryFn: ({ signal }) => getPricingPreview(change, { signal }),
  });

type UsePricingPreviewOptions = {
  /** Idle until there is a change to preview. */
  change: PricingPreviewInput | null;
  queryConfig?: QueryConfig<typeof getPricingPreviewQueryOptions>;
};

export const usePricingPreview = ({ change, queryConfig }: UsePricingPreviewOptions) =>
  useQuery({
    ...getPricingPreviewQueryOptions(change ?? { change: 'retireRegion', code: '' }),
    enabled: change !== null,
    ...queryConfig,
  });
