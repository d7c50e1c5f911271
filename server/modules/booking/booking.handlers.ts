import type { Request, RequestHandler } from 'express';
import {
  availabilitySlotsQuery,
  bookSlotInput,
  createServiceRequestInput,
  slotIdParam,
} from '@shared/validators/booking';
import { parseInput } from '../../lib/validate';
import type { Booker, BookingService } from './booking.service';

/** Guest or logged in: booking never requires an account. */
const bookerOf = (req: Request): Booker | null =>
  req.user ? { id: req.user.id, role: req.user.role } : null;

export function createBookingHandlers(booking: BookingService) {
  const listSlots: RequestHandler = async (req, res) => {
    const { date } = parseInput(availabilitySlotsQuery, req.query);
    res.json(await booking.listOpenSlots(date));
  };

  const createServiceRequest: RequestHandler = async (req, res) => {
    const data = parseInput(createServiceRequestInput, req.body);
    res.status(201).json(await booking.createServiceRequest(data, bookerOf(req)));
  };

  const bookSlot: RequestHandler = async (req, res) => {
    const { id } = parseInput(slotIdParam, req.params);
    const { serviceRequestId } = parseInput(bookSlotInput, req.body);
    res.json(await booking.bookSlot(id, serviceRequestId, bookerOf(req)));
  };

  return { listSlots, createServiceRequest, bookSlot };
}
