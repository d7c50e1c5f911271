import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobPhoto, type JobRoom } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface AddJobPhotosVariables {
  jobId: string;
  /** Photos already reduced on the device (`downscaleImage`), as data URLs. */
  imageUrls: string[];
}

/** POST /api/jobs/{jobId}/photos — the homeowner adds photos to an open job; answers all of its photos. */
export async function addJobPhotos({ jobId, imageUrls }: AddJobPhotosVariables): Promise<JobPhoto[]> {
  return callApi(jobRoutes.addPhotos, { params: { jobId }, body: { imageUrls } });
}

type UseAddJobPhotosOptions = {
  mutationConfig?: MutationConfig<typeof addJobPhotos>;
};

export const useAddJobPhotos = ({ mutationConfig }: UseAddJobPhotosOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: addJobPhotos,
    onSuccess: async (...args) => {
      const [photos, { jobId }] = args;
      // The answer is the room's new list: show it at once, then read the room again.
      queryClient.setQueryData<JobRoom>(queryKeys.jobs.room(jobId), (room) => room && { ...room, photos });
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.room(jobId), exact: true });
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      await onError?.(...args);
      // Refused because the job changed (closed, or filled up in another tab): show it as it is now.
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.room(args[1].jobId), exact: true });
    },
  });
};
