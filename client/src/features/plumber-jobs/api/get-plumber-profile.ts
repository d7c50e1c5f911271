import { queryOptions, useQuery } from '@tanstack/react-query';
import { plumberRoutes, type PlumberProfile } from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/plumbers/user/{userId} — the plumber record of the logged-in plumber. */
export async function getPlumberProfile(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PlumberProfile> {
  return callApi(plumberRoutes.getByUser, { params: { userId }, signal });
}

export const getPlumberProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.plumbers.ofUser(userId),
    queryFn: ({ signal }) => getPlumberProfile(userId, { signal }),
  });

type UsePlumberProfileOptions = {
  userId: string;
  queryConfig?: QueryConfig<typeof getPlumberProfileQueryOptions>;
};

export const usePlumberProfile = ({ userId, queryConfig }: UsePlumberProfileOptions) =>
  useQuery({ ...getPlumberProfileQueryOptions(userId), ...queryConfig });
