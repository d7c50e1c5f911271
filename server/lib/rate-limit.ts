import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from './app-error';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  message: string;
  /** Extra key parts (e.g. the e-mail being tried) besides the client address. */
  keyPart?: (body: unknown) => string;
}

/**
 * Fixed-window limiter per client. Counters are in memory: one process per database in the
 * embedded mode; see docs/decisions for the multi-instance plan.
 */
export function createRateLimiter(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const ip = ipKeyGenerator(req.ip ?? 'unknown');
      return options.keyPart ? `${ip}|${options.keyPart(req.body)}` : ip;
    },
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', options.message)),
  });
}
