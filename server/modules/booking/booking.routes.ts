import { Router } from 'express';
import type { ModuleDeps } from '../../lib/module-deps';
import { createRateLimiter } from '../../lib/rate-limit';
import { createBookingHandlers } from './booking.handlers';
import type { BookingService } from './booking.service';

/** Mounted at /api: /availability-slots, /service-requests. Guests may book; no login required. */
export function createBookingRouter({
  booking,
  config,
  rateLimitStore,
}: ModuleDeps & { booking: BookingService }): Router {
  const handlers = createBookingHandlers(booking);
  // Anyone may write here, so requests are limited per client (shared by all instances).
  const bookingLimiter = createRateLimiter({
    ...config.bookingRateLimit,
    message: 'You have sent a lot of booking requests in a short time. Please call us or try again later.',
    store: rateLimitStore('booking:'),
  });
  const router = Router();
  router.get('/availability-slots', handlers.listSlots);
  router.post('/availability-slots/:id/book', bookingLimiter, handlers.bookSlot);
  router.post('/service-requests', bookingLimiter, handlers.createServiceRequest);
  router.post('/service-requests/confirm', bookingLimiter, handlers.confirmBooking);
  return router;
}
