import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from './app-error';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  message: string;
  /** Where counters live; the default is process memory. createApp passes the PostgreSQL store. */
  store?: Store;
  /** What is counted: the client address by default; return undefined to let a request through uncounted. */
  key?: (req: Request) => string | undefined;
  /** Count only answers of 400 and above (failed attempts), not successful ones. */
  countFailuresOnly?: boolean;
}

/** Fixed-window limiter, per client address unless `key` says otherwise (see docs/decisions/006). */
export function createRateLimiter(options: RateLimitOptions): RequestHandler {
  const key = options.key;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: options.store,
    keyGenerator: (req) => key?.(req) ?? ipKeyGenerator(req.ip ?? 'unknown'),
    skip: key ? (req) => key(req) === undefined : undefined,
    skipSuccessfulRequests: options.countFailuresOnly ?? false,
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', options.message)),
  });
}
