import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema, type AdminStats } from '@shared/validators/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/admin/stats — job counts (aggregated by the server) and reference-data sizes. Admin only. */
export async function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return adminStatsSchema.parse(await apiRequest('GET', queryKeys.admin.stats[0], undefined, { signal }));
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
