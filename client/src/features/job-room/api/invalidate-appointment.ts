import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';

/**
 * After a reschedule or a cancellation: the room (under `mine`) and every job list whose times or
 * status it changes — My Jobs, the plumber's assigned and nearby jobs (a plumber's cancellation
 * reopens the job) and his calendar (docs/decisions/029-appointments.md).
 */
export async function invalidateAfterAppointmentChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine }),
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.assigned }),
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearby }),
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearbyCount }),
    queryClient.invalidateQueries({ queryKey: queryKeys.plumbers.myAppointments }),
  ]);
}
