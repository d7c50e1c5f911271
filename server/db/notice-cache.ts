import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseHandle, Unlisten } from './client';

export interface NoticeCacheOptions<V> {
  /** The channel a trigger announces every committed change of the kept rows on. */
  channel: string;
  /**
   * How long a read may be served from memory. A committed change drops it on every instance at
   * once (the trigger's notice); the time bounds what a lost notice can leave
   * (docs/decisions/042-session-cache.md). 0 reads every time from the database.
   */
  ttlMs: number;
  /** The keys a notice drops (its payload names them, or what `kept` holds); 'all' forgets everything. */
  keysNoticed: (payload: string, kept: Iterable<[key: string, value: V]>) => Iterable<string> | 'all';
  /** The moment a value stops being servable on its own (a session's expiry); none by default. */
  servableUntil?: (value: V) => number;
  /** Values kept at most; the oldest read goes first. */
  maxEntries?: number;
  now?: () => number;
  /** The database's LISTEN (DatabaseHandle.listen); without it nothing is ever kept. */
  listen?: DatabaseHandle['listen'];
}

/** What a cache built on this one is given by its caller: the rest is the cache's own. */
export type KeptReadsOptions = Pick<NoticeCacheOptions<unknown>, 'ttlMs' | 'maxEntries' | 'now' | 'listen'>;

const DEFAULT_MAX_ENTRIES = 10_000;

const freshReads = new AsyncLocalStorage<true>();

/**
 * Runs `run` (and everything it starts) with every notice cache reading from the database, then
 * keeping what it read: for a request that asks for fresh data right after its own write, which
 * this process may not have heard the notice of yet.
 */
export function withFreshReads<T>(run: () => T): T {
  return freshReads.run(true, run);
}

/**
 * A deep copy of what a cache keeps: plain objects, arrays, dates and primitives are copied by
 * hand, because structuredClone of these small rows took 6% of a request with a session (it runs
 * on every such request, twice for a plumber; docs/performance.md); anything else is cloned
 * structurally. A key named `__proto__` (JSON.parse makes it an own property) stays an own
 * property of the copy.
 */
export function copyKept<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(copyKept) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = copyKept((value as Record<string, unknown>)[key]);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: inner,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = inner;
  }
  return copy as T;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
}

/**
 * A per-process cache of database reads, served only while this process hears every change of
 * them: from the moment LISTEN is in place until its connection drops. A notice drops what its
 * payload names; a drop, a reconnection or a stop forgets everything. A read that was under way
 * when any notice came is handed to its caller but not kept, so no answer older than a notice is
 * ever cached. Reads that find nothing are never kept. Each caller gets a copy of its own.
 */
export function createNoticeCache<V>(options: NoticeCacheOptions<V>) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry<V>>();
  function* keptValues(): Generator<[string, V]> {
    for (const [key, entry] of entries) yield [key, entry.value];
  }
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
    const keys = options.keysNoticed(payload, keptValues());
    if (keys === 'all') {
      entries.clear();
      return;
    }
    for (const key of [...keys]) entries.delete(key);
  }

  return {
    /** The value under `key`, from memory when a fresh copy is kept, else from `load`. */
    async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!listening || options.ttlMs <= 0) return load();
      const readAt = now();
      const kept = entries.get(key);
      if (kept && kept.freshUntil > readAt && !freshReads.getStore()) return copyKept(kept.value);
      if (kept) entries.delete(key);
      const startedIn = generation;
      const found = await load();
      if (found !== undefined && listening && generation === startedIn) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        const until = readAt + options.ttlMs;
        entries.set(key, {
          value: copyKept(found),
          freshUntil: options.servableUntil ? Math.min(until, options.servableUntil(found)) : until,
        });
      }
      return found;
    },

    /** Drops one key (this process is changing it): its next read asks the database. */
    forget(key: string) {
      generation += 1;
      entries.delete(key);
    },

    /** How many values are kept (tests). */
    get size() {
      return entries.size;
    },

    /**
     * Listens for the trigger's notices; until then, and whenever the listener's connection is
     * down, every read goes to the database. After the migrations; without `listen`, a no-op.
     */
    async startListening(): Promise<void> {
      if (unlisten || !options.listen || options.ttlMs <= 0) return;
      unlisten = await options.listen(
        options.channel,
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

export type NoticeCache<V> = ReturnType<typeof createNoticeCache<V>>;
