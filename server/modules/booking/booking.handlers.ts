import type { Request, RequestHandler } from 'express';
import { bookingRoutes } from '@shared/contracts/booking';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { Booker, BookingService } from './booking.service';

/** Guest or logged in: booking never requires an account. */
const bookerOf = (req: Request): Booker | null =>
  req.user ? { id: req.user.id, role: req.user.role } : null;

export function createBookingHandlers(booking: BookingService) {
  const listSlots: RequestHandler = async (req, res) => {
    const { date } = parseInput(bookingRoutes.listSlots.query, req.query);
    reply(res, bookingRoutes.listSlots, await booking.listOpenSlots(date));
  };

  const createServiceRequest: RequestHandler = async (req, res) => {
    const data = parseInput(bookingRoutes.createServiceRequest.body, req.body);
    reply(res, bookingRoutes.createServiceRequest, await booking.createServiceRequest(data, bookerOf(req)));
  };

  const confirmBooking: RequestHandler = async (req, res) => {
    const { token } = parseInput(bookingRoutes.confirmBooking.body, req.body);
    reply(res, bookingRoutes.confirmBooking, await booking.confirmBooking(token));
  };

  const bookSlot: RequestHandler = async (req, res) => {
    const { id } = parseInput(bookingRoutes.bookSlot.params, req.params);
    const { serviceRequestId } = parseInput(bookingRoutes.bookSlot.body, req.body);
    reply(res, bookingRoutes.bookSlot, await booking.bookSlot(id, serviceRequestId, bookerOf(req)));
  };

  return { listSlots, createServiceRequest, confirmBooking, bookSlot };
}
