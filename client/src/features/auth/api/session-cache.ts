import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/contracts/auth';
import { queryKeys, sessionIndependentQueryRoots } from '@/lib/react-query';
import { getUserQueryOptions } from './get-user';

/**
 * After login, register or logout (docs/product.md#states "Session"): show the new user at once, drop every cached
 * answer that belonged to the previous session (jobs, quotes, …), then refetch the current user
 * from the server, which stays the source of truth.
 */
export async function refreshSession(queryClient: QueryClient, user: CurrentUser | null): Promise<void> {
  const userRoot = queryKeys.auth.user[0];
  queryClient.removeQueries({
    predicate: ({ queryKey }) => {
      const root = queryKey[0];
      return root !== userRoot && !(typeof root === 'string' && sessionIndependentQueryRoots.includes(root));
    },
  });
  queryClient.setQueryData(queryKeys.auth.user, user);
  await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
}

/**
 * After an action that may have ended this browser's session without saying so (a password reset
 * ends every session of its account): asks the server who is logged in now and, if that changed,
 * refreshes the session as a logout or login would.
 */
export async function syncSession(queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.user);
  const now = await queryClient.fetchQuery({ ...getUserQueryOptions(), staleTime: 0 });
  if (now?.id !== before?.id) await refreshSession(queryClient, now);
}
