import { Router, type RequestHandler } from 'express';
import { APPOINTMENT_ICS_DOWNLOAD_NAME, calendarRoutes } from '@shared/contracts/calendar';
import { currentUser, requireUser } from '../../auth/guards';
import { parseInput } from '../../lib/validate';
import type { AppointmentCalendarService } from './appointments.calendar.service';

/**
 * Mounted at /api/jobs: `GET /:jobId/appointment.ics`, the job's appointment as a calendar file for
 * its homeowner and hired plumber (401 logged out, 404 for everyone else and without an appointment).
 * The answer is a file, not JSON, so the contract check of the tests lets it through unparsed.
 */
export function createAppointmentCalendarRouter({
  calendar,
}: {
  calendar: AppointmentCalendarService;
}): Router {
  const downloadIcs: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(calendarRoutes.appointmentIcs.params, req.params);
    const ics = await calendar.icsForJob(currentUser(req), jobId);
    res
      .status(200)
      .set('Content-Type', 'text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${APPOINTMENT_ICS_DOWNLOAD_NAME}"`)
      .send(ics);
  };

  const router = Router();
  router.get('/:jobId/appointment.ics', requireUser, downloadIcs);
  return router;
}
