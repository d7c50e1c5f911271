import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobAppointment } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterAppointmentChange } from './invalidate-appointment';

export interface AcceptRescheduleVariables {
  jobId: string;
  proposalId: string;
}

/** POST /api/jobs/{jobId}/reschedule/{proposalId}/accept — the other side answers: the appointment moves to the proposed window (409 when the plumber is no longer free). */
export async function acceptReschedule({
  jobId,
  proposalId,
}: AcceptRescheduleVariables): Promise<JobAppointment> {
  return callApi(jobRoutes.acceptReschedule, { params: { jobId, proposalId } });
}

type UseAcceptRescheduleOptions = {
  mutationConfig?: MutationConfig<typeof acceptReschedule>;
};

export const useAcceptReschedule = ({ mutationConfig }: UseAcceptRescheduleOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: acceptReschedule,
    onSuccess: async (...args) => {
      await invalidateAfterAppointmentChange(queryClient);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      await onError?.(...args);
      // Withdrawn or answered meanwhile: show the appointment as it is now.
      await invalidateAfterAppointmentChange(queryClient);
    },
  });
};
