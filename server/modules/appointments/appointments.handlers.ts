import type { RequestHandler } from 'express';
import { jobRoutes } from '@shared/contracts/jobs';
import { plumberRoutes } from '@shared/contracts/plumbers';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { AppointmentsService } from './appointments.service';

export function createAppointmentsHandlers(appointments: AppointmentsService) {
  const getMyAvailability: RequestHandler = async (req, res) => {
    reply(res, plumberRoutes.getMyAvailability, await appointments.getAvailability(currentUser(req)));
  };

  const setMyAvailability: RequestHandler = async (req, res) => {
    const input = parseInput(plumberRoutes.setMyAvailability.body, req.body);
    reply(res, plumberRoutes.setMyAvailability, await appointments.setAvailability(currentUser(req), input));
  };

  const listMyAppointments: RequestHandler = async (req, res) => {
    const query = parseInput(plumberRoutes.listMyAppointments.query, req.query);
    reply(res, plumberRoutes.listMyAppointments, await appointments.listMine(currentUser(req), query));
  };

  const proposeReschedule: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.proposeReschedule.params, req.params);
    const window = parseInput(jobRoutes.proposeReschedule.body, req.body);
    reply(
      res,
      jobRoutes.proposeReschedule,
      await appointments.proposeReschedule(currentUser(req), jobId, window),
    );
  };

  const acceptReschedule: RequestHandler = async (req, res) => {
    const { jobId, proposalId } = parseInput(jobRoutes.acceptReschedule.params, req.params);
    reply(
      res,
      jobRoutes.acceptReschedule,
      await appointments.acceptReschedule(currentUser(req), jobId, proposalId),
    );
  };

  const declineReschedule: RequestHandler = async (req, res) => {
    const { jobId, proposalId } = parseInput(jobRoutes.declineReschedule.params, req.params);
    reply(
      res,
      jobRoutes.declineReschedule,
      await appointments.declineReschedule(currentUser(req), jobId, proposalId),
    );
  };

  const cancelAppointment: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.cancelAppointment.params, req.params);
    const { reason } = parseInput(jobRoutes.cancelAppointment.body, req.body);
    reply(res, jobRoutes.cancelAppointment, await appointments.cancel(currentUser(req), jobId, reason));
  };

  return {
    getMyAvailability,
    setMyAvailability,
    listMyAppointments,
    proposeReschedule,
    acceptReschedule,
    declineReschedule,
    cancelAppointment,
  };
}
