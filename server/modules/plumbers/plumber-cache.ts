import type { DatabaseHandle } from '../../db/client';
import { createNoticeCache } from '../../db/notice-cache';
import type { Plumber } from './plumbers.repository';

/** The channel every committed write to a plumber's row announces its account id on (migration 0016). */
export const PLUMBER_CHANGED_CHANNEL = 'plumber_changed';

export interface PlumberCacheOptions {
  /** How long a plumber's row may be served from memory: SESSION_CACHE_TTL_MS, as for the session it goes with. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** The database's LISTEN (DatabaseHandle.listen); without it nothing is ever cached. */
  listen?: DatabaseHandle['listen'];
}

/**
 * A per-process cache of plumbers' own rows (vetting, service area), keyed by account id: what every
 * request of a logged-in plumber reads beside its session, dropped on every instance by the notice
 * of any change to the row (docs/decisions/043-plumber-rows-kept-with-sessions.md).
 */
export function createPlumberCache(options: PlumberCacheOptions) {
  return createNoticeCache<Plumber>({
    ...options,
    channel: PLUMBER_CHANGED_CHANNEL,
    keysNoticed: (userId) => [userId],
  });
}

export type PlumberCache = ReturnType<typeof createPlumberCache>;
