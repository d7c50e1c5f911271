import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminQueueRoutes,
  type QueuedServiceRequest,
  type ServiceRequestStatus,
} from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/admin/service-requests?status= — one status's requests; pending and confirmed oldest first. Admin only. */
export async function getServiceRequestQueue(
  status: ServiceRequestStatus,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QueuedServiceRequest[]> {
  return callApi(adminQueueRoutes.listServiceRequests, { query: { status }, signal });
}

export const getServiceRequestQueueQueryOptions = (status: ServiceRequestStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.serviceRequestsWith(status),
    queryFn: ({ signal }) => getServiceRequestQueue(status, { signal }),
  });

type UseServiceRequestQueueOptions = {
  status: ServiceRequestStatus;
  queryConfig?: QueryConfig<typeof getServiceRequestQueueQueryOptions>;
};

export const useServiceRequestQueue = ({ status, queryConfig }: UseServiceRequestQueueOptions) =>
  useQuery({ ...getServiceRequestQueueQueryOptions(status), ...queryConfig });
