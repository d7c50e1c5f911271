import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes, type CurrentUser } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * The logged-in user, or `null`. docs/product.md#how-the-client-calls-the-api: a 401 — or any other failure to fetch the user
 * ("Failed to fetch user"), an answer that does not parse included — is swallowed and means "no user".
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return await callApi(authRoutes.getUser, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.user,
    queryFn: ({ signal }) => getUser({ signal }),
  });

type UseUserOptions = {
  queryConfig?: QueryConfig<typeof getUserQueryOptions>;
};

export const useUser = ({ queryConfig }: UseUserOptions = {}) =>
  useQuery({
    ...getUserQueryOptions(),
    ...queryConfig,
  });
