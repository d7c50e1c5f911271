import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AdminPlumber, type AdminPlumbersQuery } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/admin/plumbers?status= — submitted plumbers of one status, the pending queue oldest first. Admin only. */
export async function getAdminPlumbers(
  status: AdminPlumbersQuery['status'],
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPlumber[]> {
  return callApi(adminRoutes.plumbers, { query: { status }, signal });
}

export const getAdminPlumbersQueryOptions = (status: AdminPlumbersQuery['status']) =>
  queryOptions({
    queryKey: queryKeys.admin.plumbersWith(status),
    queryFn: ({ signal }) => getAdminPlumbers(status, { signal }),
  });

type UseAdminPlumbersOptions = {
  status: AdminPlumbersQuery['status'];
  queryConfig?: QueryConfig<typeof getAdminPlumbersQueryOptions>;
};

export const useAdminPlumbers = ({ status, queryConfig }: UseAdminPlumbersOptions) =>
  useQuery({ ...getAdminPlumbersQueryOptions(status), ...queryConfig });
