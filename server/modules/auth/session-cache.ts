import { createNoticeCache, type KeptReadsOptions } from '../../db/notice-cache';
import type { SessionWithAccount } from './auth.repository';

/**
 * The channel every committed write to a session row or an account announces itself on (migration
 * 0015's triggers): "s:<session id>" or "u:<account id>".
 */
export const SESSION_CHANGED_CHANNEL = 'session_changed';

/**
 * A per-process cache of session reads (the session row and its account), keyed by session id: a
 * notice drops the session it names, or every session of the account it names, and nothing is
 * served past the session's expiry. Each read hands its caller a copy: express-session and
 * Passport change what they are given.
 */
export function createSessionCache(options: KeptReadsOptions) {
  return createNoticeCache<SessionWithAccount>({
    ...options,
    channel: SESSION_CHANGED_CHANNEL,
    servableUntil: (found) => found.expiresAtMs,
    keysNoticed(payload, kept) {
      const id = payload.slice(2);
      if (payload.startsWith('s:')) return [id];
      if (!payload.startsWith('u:')) return 'all';
      const sessionsOfAccount: string[] = [];
      for (const [sid, found] of kept) if (found.account?.id === id) sessionsOfAccount.push(sid);
      return sessionsOfAccount;
    },
  });
}

export type SessionCache = ReturnType<typeof createSessionCache>;
