import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_ROLES } from '@shared/constants';
import type { CurrentUser } from '@shared/validators/auth';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * The logged-in user, or `null`. docs/product.md §7/§8: a 401 — or any other failure to fetch the user
 * ("Failed to fetch user") — is swallowed and means "no user".
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const body = await apiRequest('GET', queryKeys.auth.user[0], undefined, { signal });
    return isCurrentUser(body) ? body : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/**
 * The shape check of `currentUserSchema`, written by hand: this call is on every page's first load,
 * and zod would add ~35 KB (gzip) to it.
 */
function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const nullableString = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    (USER_ROLES as readonly unknown[]).includes(user.role) &&
    nullableString(user.name) &&
    nullableString(user.phone)
  );
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
