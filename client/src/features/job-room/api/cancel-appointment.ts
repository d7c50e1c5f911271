import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type CancelAppointmentInput, type JobAppointment } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterAppointmentChange } from './invalidate-appointment';

export interface CancelAppointmentVariables {
  jobId: string;
  body: CancelAppointmentInput;
}

/**
 * POST /api/jobs/{jobId}/appointment/cancel — either side cancels the booked time; the homeowner's
 * cancellation cancels the job, the plumber's reopens it (docs/decisions/029-appointments.md).
 */
export async function cancelAppointment({
  jobId,
  body,
}: CancelAppointmentVariables): Promise<JobAppointment> {
  return callApi(jobRoutes.cancelAppointment, { params: { jobId }, body });
}

type UseCancelAppointmentOptions = {
  mutationConfig?: MutationConfig<typeof cancelAppointment>;
};

export const useCancelAppointment = ({ mutationConfig }: UseCancelAppointmentOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: cancelAppointment,
    onSuccess: async (...args) => {
      await invalidateAfterAppointmentChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
