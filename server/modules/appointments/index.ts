/**
 * Public surface of the appointments module for other modules: its service (built once, in
 * createApp) and pure helpers. Methods called inside another module's transaction take that `tx` first.
 */
export {
  APPOINTMENT_ERRORS,
  FREE_CANCELLATION_HOURS,
  createAppointmentsService,
  isBookingConflict,
  toJobAppointment,
  toRequestedWindow,
  wallWindowOf,
  type AppointmentsService,
} from './appointments.service';
