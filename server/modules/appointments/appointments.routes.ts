import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import { createAppointmentsHandlers } from './appointments.handlers';
import type { AppointmentsService } from './appointments.service';

/** Mounted at /api/plumbers/me: the logged-in plumber's working hours and calendar. */
export function createAppointmentsRouter({ appointments }: { appointments: AppointmentsService }): Router {
  const handlers = createAppointmentsHandlers(appointments);
  const plumberOnly = requireRole('plumber');
  const router = Router();
  router.get('/availability', plumberOnly, handlers.getMyAvailability);
  router.put('/availability', plumberOnly, handlers.setMyAvailability);
  router.get('/appointments', plumberOnly, handlers.listMyAppointments);
  return router;
}

/** Mounted at /api/jobs: the booked appointment's reschedule and cancel, for its homeowner and hired plumber. */
export function createJobAppointmentRouter({ appointments }: { appointments: AppointmentsService }): Router {
  const handlers = createAppointmentsHandlers(appointments);
  const parties = requireRole('homeowner', 'plumber');
  const router = Router();
  router.post('/:jobId/reschedule', parties, handlers.proposeReschedule);
  router.post('/:jobId/reschedule/:proposalId/accept', parties, handlers.acceptReschedule);
  router.post('/:jobId/reschedule/:proposalId/decline', parties, handlers.declineReschedule);
  router.post('/:jobId/appointment/cancel', parties, handlers.cancelAppointment);
  return router;
}
