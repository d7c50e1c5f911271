import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminQueueRoutes,
  type ConvertServiceRequestInput,
  type QueuedServiceRequest,
} from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface ConvertServiceRequestVariables {
  id: string;
  body?: ConvertServiceRequestInput;
}

/** POST /api/admin/service-requests/{id}/convert — posts the request as a job of its account. */
export async function convertServiceRequest({
  id,
  body = {},
}: ConvertServiceRequestVariables): Promise<QueuedServiceRequest> {
  return callApi(adminQueueRoutes.convertServiceRequest, { params: { id }, body });
}

type UseConvertServiceRequestOptions = {
  mutationConfig?: MutationConfig<typeof convertServiceRequest>;
};

export const useConvertServiceRequest = ({ mutationConfig }: UseConvertServiceRequestOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: convertServiceRequest,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.serviceRequests }),
        // A new job: the cards count it.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
