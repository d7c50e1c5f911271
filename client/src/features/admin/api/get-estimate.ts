import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Urgency } from '@shared/constants';
import { pricingRoutes, type EstimateResponse } from '@shared/contracts/pricing';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

export interface EstimateParams {
  issueSlug: string;
  /** Absent → the national average. */
  zip?: string;
  urgency: Urgency;
}

/** GET /api/pricing/estimate?issueSlug=&zip=&urgency= — the pricing engine's price and its breakdown (public). */
export async function getEstimate(
  params: EstimateParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<EstimateResponse> {
  return callApi(pricingRoutes.estimate, { query: params, signal });
}

export const getEstimateQueryOptions = (params: EstimateParams) =>
  queryOptions({
    queryKey: queryKeys.pricing.estimate(params),
    queryFn: ({ signal }) => getEstimate(params, { signal }),
  });

type UseEstimateOptions = {
  params: EstimateParams | null;
  queryConfig?: QueryConfig<typeof getEstimateQueryOptions>;
};

/** Idle until `params` is given. */
export const useEstimate = ({ params, queryConfig }: UseEstimateOptions) =>
  useQuery({
    ...getEstimateQueryOptions(params ?? { issueSlug: '', urgency: 'routine' }),
    enabled: params !== null,
    ...queryConfig,
  });
