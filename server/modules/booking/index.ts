/**
 * Public surface of the booking module: its service (built once, in createApp), the slot top-up
 * that the slot scheduler runs at start-up and every few hours (the seed runs it too), and the
 * sweep that releases unconfirmed guest bookings.
 */
export { createBookingService, type BookingService } from './booking.service';
export { createServiceRequestQueue, type ServiceRequestQueue } from './request-queue.service';
export {
  SLOT_WINDOW_DAYS,
  startBookingReleaseSweep,
  startSlotScheduler,
  sweepLapsedBookings,
  type SlotScheduler,
} from './booking.scheduler';
export { ensureAvailabilitySlots } from './booking.slots';
