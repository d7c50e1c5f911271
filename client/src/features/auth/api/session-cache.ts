import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/contracts/auth';
import { queryKeys, sessionIndependentQueryRoots } from '@/lib/react-query';

/**
 * After login, register or logout (docs/product.md §4 "Session"): show the new user at once, drop every cached
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
