import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@shared/contracts/account';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** GET /api/account — the logged-in owner's name, phone, e-mail and any address waiting for its link. */
export async function getAccount({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(accountRoutes.getAccount, { signal });
}

export const getAccountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.account, queryFn: ({ signal }) => getAccount({ signal }) });

export const useAccount = () => useQuery(getAccountQueryOptions());
