import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueueRoutes, type AdminReport, type ReportStatus } from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** Which reports the Queues tab lists: one status, or `all` (open first). */
export type ReportFilter = ReportStatus | 'all';

/** GET /api/admin/reports?status= — problem reports, the open ones first. Admin only. */
export async function getAdminReports(
  filter: ReportFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminReport[]> {
  return callApi(adminQueueRoutes.listReports, {
    query: { status: filter === 'all' ? undefined : filter },
    signal,
  });
}

export const getAdminReportsQueryOptions = (filter: ReportFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.reportsWith(filter),
    queryFn: ({ signal }) => getAdminReports(filter, { signal }),
  });

type UseAdminReportsOptions = {
  filter: ReportFilter;
  queryConfig?: QueryConfig<typeof getAdminReportsQueryOptions>;
};

export const useAdminReports = ({ filter, queryConfig }: UseAdminReportsOptions) =>
  useQuery({ ...getAdminReportsQueryOptions(filter), ...queryConfig });
