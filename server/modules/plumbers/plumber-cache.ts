import { createNoticeCache, type KeptReadsOptions } from '../../db/notice-cache';
import type { Plumber } from './plumbers.repository';

/** The channel every committed write to a plumber's row announces its account id on (migration 0016). */
export const PLUMBER_CHANGED_CHANNEL = 'plumber_changed';

/**
 * A per-process cache of plumbers' own rows (vetting, service area), keyed by account id: what every
 * request of a logged-in plumber reads beside its session, dropped on every instance by the notice
 * of any change to the row (docs/decisions/043-plumber-rows-kept-with-sessions.md). Its time is
 * SESSION_CACHE_TTL_MS, as for the session it goes with.
 */
export function createPlumberCache(options: KeptReadsOptions) {
  return createNoticeCache<Plumber>({
    ...options,
    channel: PLUMBER_CHANGED_CHANNEL,
    keysNoticed: (userId) => [userId],
  });
}

export type PlumberCache = ReturnType<typeof createPlumberCache>;
