import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPayoutRoutes, type AdminPayoutsPage, type PayoutStatus } from '@shared/contracts/admin-payouts';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** The Payouts tab's filter: one status (or all), a range of days, a page. */
export interface PayoutsLedgerQuery {
  status?: PayoutStatus;
  from?: string;
  to?: string;
  page: number;
}

/** GET /api/admin/payouts?status=&from=&to=&page= — the ledger newest first, with its totals. Admin only. */
export async function getAdminPayouts(
  query: PayoutsLedgerQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPayoutsPage> {
  return callApi(adminPayoutRoutes.list, { query, signal });
}

export const getAdminPayoutsQueryOptions = (query: PayoutsLedgerQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.payoutsWith(query),
    queryFn: ({ signal }) => getAdminPayouts(query, { signal }),
    // Paging or filtering keeps the last answer on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

type UseAdminPayoutsOptions = {
  query: PayoutsLedgerQuery;
  queryConfig?: QueryConfig<typeof getAdminPayoutsQueryOptions>;
};

export const useAdminPayouts = ({ query, queryConfig }: UseAdminPayoutsOptions) =>
  useQuery({ ...getAdminPayoutsQueryOptions(query), ...queryConfig });
