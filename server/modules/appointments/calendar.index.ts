/**
 * Calendar files and reminders of appointments (docs/decisions/030-calendar-files-and-reminders.md):
 * factories for createApp (each built once there, the reminders before `jobQueue.start()`, since
 * they define their queue) and the pure helpers, never repository functions.
 */
export {
  appointmentIcs,
  appointmentMail,
  appointmentMails,
  appointmentUid,
  type AppointmentMailKind,
  type CalendarAppointment,
} from './appointments.calendar';
export {
  createAppointmentReminders,
  APPOINTMENT_REMINDER_POLICY,
  APPOINTMENT_REMINDER_QUEUE,
  REMINDER_LEAD_MS,
  reminderJobId,
  type AppointmentReminders,
  type AppointmentRemindersDeps,
  type ReminderAppointment,
} from './appointments.reminders';
export {
  createAppointmentCalendarService,
  type AppointmentCalendarService,
  type AppointmentCalendarServiceDeps,
} from './appointments.calendar.service';
export { createAppointmentCalendarRouter } from './appointments-calendar.routes';
