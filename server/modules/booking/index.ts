/**
 * Public surface of the booking module: its service (built once, in createApp), and the slot
 * top-up that the slot scheduler runs at start-up and every few hours (the seed runs it too).
 */
export { createBookingService, type BookingService } from './booking.service';
export { SLOT_WINDOW_DAYS, startSlotScheduler, type SlotScheduler } from './booking.scheduler';
export { ensureAvailabilitySlots } from './booking.slots';
