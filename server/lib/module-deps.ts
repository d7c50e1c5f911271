import type { Store } from 'express-rate-limit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from './logger';
import type { MediaStore } from './media-store';

/** What every module's router factory receives from createApp. */
export interface ModuleDeps {
  db: Database;
  config: Config;
  logger: Logger;
  /** Rate-limit counters shared by all instances (PostgreSQL); pass as `store` to createRateLimiter. */
  rateLimitStore: (prefix: string) => Store;
  /** Where cleaned photos are kept: chosen once in createApp (database or folder). */
  media: MediaStore;
}
