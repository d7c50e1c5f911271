import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobPhoto, type JobRoom } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface RemoveJobPhotoVariables {
  jobId: string;
  photoId: string;
}

/** DELETE /api/jobs/{jobId}/photos/{photoId} — the homeowner removes a photo; answers the photos left. */
export async function removeJobPhoto({ jobId, photoId }: RemoveJobPhotoVariables): Promise<JobPhoto[]> {
  return callApi(jobRoutes.removePhoto, { params: { jobId, photoId } });
}

type UseRemoveJobPhotoOptions = {
  mutationConfig?: MutationConfig<typeof removeJobPhoto>;
};

export const useRemoveJobPhoto = ({ mutationConfig }: UseRemoveJobPhotoOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeJobPhoto,
    onSuccess: async (...args) => {
      const [photos, { jobId }] = args;
      queryClient.setQueryData<JobRoom>(queryKeys.jobs.room(jobId), (room) => room && { ...room, photos });
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.room(jobId), exact: true });
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      await onError?.(...args);
      // Already gone, or the job closed meanwhile: show the room as it is now.
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.room(args[1].jobId), exact: true });
    },
  });
};
