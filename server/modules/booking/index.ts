/** Public surface of the booking module for other modules and start-up. */
export { claimGuestRequests } from './booking.service';
export { startSlotScheduler, type SlotScheduler } from './booking.scheduler';
