import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser } from '@shared/validators/auth';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * The logged-in user, or `null`. Spec §7/§8: a 401 — or any other failure to fetch the user
 * ("Failed to fetch user") — is swallowed and means "no user".
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const body = await apiRequest('GET', queryKeys.auth.user[0], undefined, { signal });
    const parsed = currentUserSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
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
