import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type JobAppointment } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterAppointmentChange } from './invalidate-appointment';

export interface DeclineRescheduleVariables {
  jobId: string;
  proposalId: string;
}

/** POST /api/jobs/{jobId}/reschedule/{proposalId}/decline — the other side answers: the appointment keeps its time. */
export async function declineReschedule({
  jobId,
  proposalId,
}: DeclineRescheduleVariables): Promise<JobAppointment> {
  return callApi(jobRoutes.declineReschedule, { params: { jobId, proposalId } });
}

type UseDeclineRescheduleOptions = {
  mutationConfig?: MutationConfig<typeof declineReschedule>;
};

export const useDeclineReschedule = ({ mutationConfig }: UseDeclineRescheduleOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: declineReschedule,
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
