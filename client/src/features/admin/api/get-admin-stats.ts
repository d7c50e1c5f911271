import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AdminStats } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/admin/stats — job counts (aggregated by the server) and reference-data sizes. Admin only. */
export async function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return callApi(adminRoutes.stats, { signal });
}

export const getAdminStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => getAdminStats({ signal }),
  });

type UseAdminStatsOptions = {
  queryConfig?: QueryConfig<typeof getAdminStatsQueryOptions>;
};

export const useAdminStats = ({ queryConfig }: UseAdminStatsOptions = {}) =>
  useQuery({ ...getAdminStatsQueryOptions(), ...queryConfig });
