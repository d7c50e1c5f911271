import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminQueueRoutes,
  type QueuedServiceRequest,
  type UpdateServiceRequestInput,
} from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface UpdateServiceRequestVariables {
  id: string;
  body: UpdateServiceRequestInput;
}

/** PATCH /api/admin/service-requests/{id} — confirm, complete, cancel with a reason, record a call or a note. */
export async function updateServiceRequest({
  id,
  body,
}: UpdateServiceRequestVariables): Promise<QueuedServiceRequest> {
  return callApi(adminQueueRoutes.updateServiceRequest, { params: { id }, body });
}

type UseUpdateServiceRequestOptions = {
  mutationConfig?: MutationConfig<typeof updateServiceRequest>;
};

export const useUpdateServiceRequest = ({ mutationConfig }: UseUpdateServiceRequestOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateServiceRequest,
    onSuccess: async (...args) => {
      // A status move takes the request from one status's list to another's.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.serviceRequests });
      await onSuccess?.(...args);
    },
  });
};
