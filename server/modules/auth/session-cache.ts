import type { DatabaseHandle, Unlisten } from '../../db/client';
import type { SessionWithAccount } from './auth.repository';

/**
 * The channel every committed write to a session row or an account announces itself on (migration
 * 0015's triggers): "s:<session id>" or "u:<account id>".
 */
export const SESSION_CHANGED_CHANNEL = 'session_changed';

export interface SessionCacheOptions {
  /**
   * How long a session read may be served from memory. A committed change drops it on every
   * instance at once (the triggers' notices); the time bounds what a lost notice can leave
   * (docs/decisions/042-session-cache.md). 0 reads every session from the database.
   */
  ttlMs: number;
  /** Sessions kept at most; the oldest read goes first. */
  maxEntries?: number;
  now?: () => number;
  /** The database's LISTEN (DatabaseHandle.listen); without it nothing is ever cached. */
  listen?: DatabaseHandle['listen'];
}

const DEFAULT_MAX_ENTRIES = 10_000;

interface Entry {
  found: SessionWithAccount;
  freshUntil: number;
}

/**
 * A per-process cache of session reads (the session row and its account), served only while this
 * process hears every change: from the moment LISTEN is in place until its connection drops. A
 * notice drops the session it names, or every session of the account it names; a drop, a
 * reconnection or a stop forgets everything. A read that was under way when any notice came is
 * handed to its caller but not kept, so no answer older than a notice is ever cached.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let listening = false;
  let unlisten: Unlisten | undefined;
  /** Bumped by every notice and every forgetting: a read begun before it is not kept. */
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };

  function noticed(payload: string) {
    generation += 1;
    const id = payload.slice(2);
    if (payload.startsWith('s:')) {
      entries.delete(id);
    } else if (payload.startsWith('u:')) {
      for (const [sid, entry] of entries) if (entry.found.account?.id === id) entries.delete(sid);
    } else {
      entries.clear();
    }
  }

  return {
    /**
     * The session `sid` with its account, from memory when a fresh copy is kept, else from `load`.
     * Each caller gets an object of its own: express-session and Passport change what they are given.
     */
    async read(
      sid: string,
      load: () => Promise<SessionWithAccount | undefined>,
    ): Promise<SessionWithAccount | undefined> {
      if (!listening || options.ttlMs <= 0) return load();
      const readAt = now();
      const kept = entries.get(sid);
      if (kept && kept.freshUntil > readAt) return structuredClone(kept.found);
      if (kept) entries.delete(sid);
      const startedIn = generation;
      const found = await load();
      if (found && listening && generation === startedIn) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(sid, {
          found: structuredClone(found),
          freshUntil: Math.min(readAt + options.ttlMs, found.expiresAtMs),
        });
      }
      return found;
    },

    /** Drops one session (this process is writing or deleting it): its next read asks the database. */
    forget(sid: string) {
      generation += 1;
      entries.delete(sid);
    },

    /** How many sessions are kept (tests). */
    get size() {
      return entries.size;
    },

    /**
     * Listens for the triggers' notices; until then, and whenever the listener's connection is
     * down, every read goes to the database. After the migrations; without `listen`, a no-op.
     */
    async startListening(): Promise<void> {
      if (unlisten || !options.listen || options.ttlMs <= 0) return;
      unlisten = await options.listen(
        SESSION_CHANGED_CHANNEL,
        noticed,
        () => {
          forgetAll();
          listening = true;
        },
        () => {
          listening = false;
          forgetAll();
        },
      );
      forgetAll();
      listening = true;
    },

    /** Stops listening (before the pool closes); reads go to the database from here on. */
    async stopListening(): Promise<void> {
      listening = false;
      forgetAll();
      const stop = unlisten;
      unlisten = undefined;
      await stop?.();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
