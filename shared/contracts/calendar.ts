import { z } from './zod';
import { jobIdParam } from './common';
import { defineRoute } from './http';

/**
 * Calendar files (docs/decisions/030-calendar-files-and-reminders.md). The answer is an iCalendar
 * file (`text/calendar`), not JSON: the browser downloads it, nothing parses it as an object.
 */

/** The name the downloaded file is saved under. */
export const APPOINTMENT_ICS_DOWNLOAD_NAME = 'plumbline-appointment.ics';

export const calendarRoutes = {
  /** The job's booked appointment as an .ics file, for the job's homeowner and hired plumber only. */
  appointmentIcs: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/appointment.ics',
    params: jobIdParam,
    response: z.string(),
  }),
};
