import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRoutes, type JobMessage, type PostMessageInput } from '@shared/contracts/messages';
import { callApi, isApiError } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/**
 * POST /api/jobs/{jobId}/messages — a plumber writes in his own thread (no `plumberId`); the
 * homeowner names the plumber whose thread it is.
 */
export async function postJobMessage({
  jobId,
  ...message
}: PostMessageInput & { jobId: string }): Promise<JobMessage> {
  return callApi(messageRoutes.post, { params: { jobId }, body: message });
}

type UsePostJobMessageOptions = {
  mutationConfig?: MutationConfig<typeof postJobMessage>;
};

export const usePostJobMessage = ({ mutationConfig }: UsePostJobMessageOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: postJobMessage,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.messages(args[1].jobId) });
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      await onError?.(...args);
      // A refusal other than a malformed message means the thread changed (closed, or no longer
      // this viewer's): show it as it is now.
      if (isApiError(args[0]) && args[0].status !== 400) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.messages(args[1].jobId) });
      }
    },
  });
};
