import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type RescheduleInput, type RescheduleProposalView } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterAppointmentChange } from './invalidate-appointment';

export interface ProposeRescheduleVariables {
  jobId: string;
  window: RescheduleInput;
}

/** POST /api/jobs/{jobId}/reschedule — a new window for the booked appointment, for the other side to answer. */
export async function proposeReschedule({
  jobId,
  window,
}: ProposeRescheduleVariables): Promise<RescheduleProposalView> {
  return callApi(jobRoutes.proposeReschedule, { params: { jobId }, body: window });
}

type UseProposeRescheduleOptions = {
  mutationConfig?: MutationConfig<typeof proposeReschedule>;
};

export const useProposeReschedule = ({ mutationConfig }: UseProposeRescheduleOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: proposeReschedule,
    onSuccess: async (...args) => {
      await invalidateAfterAppointmentChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
