import { queryOptions, useQuery } from '@tanstack/react-query';
import { plumberRoutes, type AverageRating } from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/plumbers/{plumberId}/average-rating — `{ average, count }`, average null without ratings. */
export async function getAverageRating(
  plumberId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AverageRating> {
  return callApi(plumberRoutes.averageRating, { params: { plumberId }, signal });
}

export const getAverageRatingQueryOptions = (plumberId: string) =>
  queryOptions({
    queryKey: queryKeys.plumbers.averageRating(plumberId),
    queryFn: ({ signal }) => getAverageRating(plumberId, { signal }),
  });

type UseAverageRatingOptions = {
  plumberId: string;
  queryConfig?: QueryConfig<typeof getAverageRatingQueryOptions>;
};

export const useAverageRating = ({ plumberId, queryConfig }: UseAverageRatingOptions) =>
  useQuery({ ...getAverageRatingQueryOptions(plumberId), ...queryConfig });
