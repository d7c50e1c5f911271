import type { Store } from 'express-rate-limit';
import type { Config } from '../config';

/**
 * What a router that sets its own limits (booking, diagnosis) receives from createApp besides the
 * services it serves. Services are built once, in createApp; routers never build them.
 */
export interface ModuleDeps {
  config: Config;
  /** Rate-limit counters shared by all instances (PostgreSQL); pass as `store` to createRateLimiter. */
  rateLimitStore: (prefix: string) => Store;
}
