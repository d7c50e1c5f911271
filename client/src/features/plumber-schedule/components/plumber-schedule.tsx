import { UpcomingAppointments } from './upcoming-appointments';
import { WorkingHours } from './working-hours';

/**
 * The plumber's schedule on its dashboard: booked appointments first (what the day holds, each on
 * its job's clock), then the working hours quotes must fall inside, on the plumber's own clock
 * (docs/decisions/029-appointments.md).
 */
export function PlumberSchedule() {
  return (
    <>
      <UpcomingAppointments />
      <WorkingHours />
    </>
  );
}
