import { UpcomingAppointments } from './upcoming-appointments';
import { WorkingHours } from './working-hours';

/**
 * The plumber's schedule on its dashboard: booked appointments first (what the day holds), then the
 * working hours quotes must fall inside (docs/decisions/029-appointments.md).
 */
export function PlumberSchedule({ timeZone }: { timeZone: string }) {
  return (
    <>
      <UpcomingAppointments timeZone={timeZone} />
      <WorkingHours timeZone={timeZone} />
    </>
  );
}
