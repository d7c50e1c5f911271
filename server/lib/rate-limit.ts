import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from './app-error';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  message: string;
  /** Where counters live; the default is process memory. createApp passes the PostgreSQL store. */
  store?: Store;
}

/** Fixed-window limiter per client address (see docs/decisions/006). */
export function createRateLimiter(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: options.store,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', options.message)),
  });
}
