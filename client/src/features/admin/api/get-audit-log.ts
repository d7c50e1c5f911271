import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditRoutes, type AuditEntryView, type AuditQueryInput } from '@shared/contracts/audit';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** The Audit tab's filters; empty ones are left out of the query. */
export type AuditFilters = Partial<Record<keyof AuditQueryInput, string>>;

/** GET /api/admin/audit?actor=&entity=&from=&to= — admin writes, newest first. Admin only. */
export async function getAuditLog(
  filters: AuditFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditEntryView[]> {
  return callApi(auditRoutes.list, { query: filters, signal });
}

export const getAuditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: queryKeys.admin.auditWith(filters),
    queryFn: ({ signal }) => getAuditLog(filters, { signal }),
  });

type UseAuditLogOptions = {
  filters: AuditFilters;
  queryConfig?: QueryConfig<typeof getAuditLogQueryOptions>;
};

export const useAuditLog = ({ filters, queryConfig }: UseAuditLogOptions) =>
  useQuery({ ...getAuditLogQueryOptions(filters), ...queryConfig });
