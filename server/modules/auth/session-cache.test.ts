import { describe, expect, it, vi } from 'vitest';
import { fakeListener } from '../../test/fake-listener';
import type { SessionWithAccount } from './auth.repository';
import { createSessionCache, SESSION_CHANGED_CHANNEL } from './session-cache';

const HOUR_MS = 60 * 60 * 1000;

function sessionOf(accountId: string, expiresAtMs = Date.now() + HOUR_MS): SessionWithAccount {
  return {
    sess: { passport: { user: { id: accountId, key: 'k' } }, seenAt: 1 },
    expiresAtMs,
    account: {
      id: accountId,
      email: `${accountId}@example.test`,
      role: 'homeowner',
      name: null,
      phone: null,
      emailVerified: true,
      passwordHash: 'hash',
      suspended: false,
    },
  };
}

/** A cache listening on a fake listener, a clock the test moves, and a loader that counts its reads. */
async function listeningCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const listener = fakeListener(SESSION_CHANGED_CHANNEL);
  let clock = Date.now();
  const cache = createSessionCache({
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: options.maxEntries,
    now: () => clock,
    listen: listener.listen,
  });
  await cache.startListening();
  const rows = new Map<string, SessionWithAccount>();
  const load = vi.fn(async (sid: string) => rows.get(sid));
  const read = (sid: string) => cache.read(sid, () => load(sid));
  return {
    cache,
    listener,
    rows,
    load,
    read,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

describe('the session cache (docs/decisions/042-session-cache.md)', () => {
  it('serves a session from memory until its time is up, each caller with a copy of its own', async () => {
    const { rows, load, read, advance } = await listeningCache({ ttlMs: 5_000 });
    rows.set('a', sessionOf('user-1'));
    const first = await read('a');
    const second = await read('a');
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    // What express-session and Passport do to what they are handed never reaches the kept copy.
    (second!.sess as { passport: { user?: unknown } }).passport.user = undefined;
    expect(await read('a')).toEqual(first);

    advance(4_999);
    await read('a');
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    await read('a');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never serves a session past its own expiry, and never remembers a session that is not there', async () => {
    const { rows, load, read, advance, now } = await listeningCache({ ttlMs: 60_000 });
    // On the cache's clock: real time passing between the two reads must not count.
    rows.set('short', sessionOf('user-1', now() + 1_000));
    await read('short');
    advance(999);
    await read('short');
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    await read('short');
    expect(load).toHaveBeenCalledTimes(2);

    expect(await read('missing')).toBeUndefined();
    rows.set('missing', sessionOf('user-2'));
    expect(await read('missing')).toEqual(rows.get('missing'));
  });

  it('drops the session a notice names, and every session of the account a notice names', async () => {
    const { cache, rows, load, read, listener } = await listeningCache();
    rows.set('a1', sessionOf('user-1'));
    rows.set('a2', sessionOf('user-1'));
    rows.set('b', sessionOf('user-2'));
    await Promise.all([read('a1'), read('a2'), read('b')]);
    expect(cache.size).toBe(3);

    listener.notify('s:a1');
    expect(cache.size).toBe(2);
    listener.notify('u:user-1');
    expect(cache.size).toBe(1);
    load.mockClear();
    await read('b');
    expect(load).not.toHaveBeenCalled();

    // A notice it cannot read drops everything rather than guess.
    listener.notify('?');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that was under way when a notice came', async () => {
    const { cache, listener } = await listeningCache();
    let answer!: (found: SessionWithAccount) => void;
    const reading = cache.read('a', () => new Promise<SessionWithAccount>((resolve) => (answer = resolve)));
    // Another session's change is enough: the read may have seen a row older than any notice.
    listener.notify('s:someone-else');
    // One object: two made a millisecond apart differ in their expiry.
    const session = sessionOf('user-1');
    answer(session);
    expect(await reading).toEqual(session);
    expect(cache.size).toBe(0);

    const forgotten = cache.read('a', () => new Promise<SessionWithAccount>((resolve) => (answer = resolve)));
    cache.forget('a');
    answer(sessionOf('user-1'));
    await forgotten;
    expect(cache.size).toBe(0);
  });

  it('reads from the database while the listener is down, and forgets all it kept', async () => {
    const { cache, rows, load, read, listener } = await listeningCache();
    rows.set('a', sessionOf('user-1'));
    await read('a');
    expect(cache.size).toBe(1);

    listener.disconnect();
    expect(cache.size).toBe(0);
    load.mockClear();
    await read('a');
    await read('a');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);

    // A read that began before the reconnection saw a world whose notices may be lost: not kept.
    let answer!: (found: SessionWithAccount) => void;
    const reading = cache.read('a', () => new Promise<SessionWithAccount>((resolve) => (answer = resolve)));
    listener.reconnect();
    answer(sessionOf('user-1'));
    await reading;
    expect(cache.size).toBe(0);
    await read('a');
    expect(cache.size).toBe(1);
  });

  it('keeps nothing before it listens, after it stops, or with a time of 0', async () => {
    const listener = fakeListener(SESSION_CHANGED_CHANNEL);
    const load = vi.fn(async () => sessionOf('user-1'));
    const cache = createSessionCache({ ttlMs: 5_000, listen: listener.listen });
    await cache.read('a', load);
    expect(cache.size).toBe(0);
    await cache.startListening();
    await cache.read('a', load);
    expect(cache.size).toBe(1);
    await cache.stopListening();
    expect(listener.listening).toBe(false);
    expect(cache.size).toBe(0);
    await cache.read('a', load);
    expect(cache.size).toBe(0);

    const off = createSessionCache({ ttlMs: 0, listen: listener.listen });
    await off.startListening();
    expect(listener.listening).toBe(false);
    await off.read('a', load);
    expect(off.size).toBe(0);
  });

  it('keeps at most maxEntries sessions, letting the oldest read go first', async () => {
    const { cache, rows, load, read } = await listeningCache({ maxEntries: 2 });
    for (const sid of ['a', 'b', 'c']) rows.set(sid, sessionOf(sid));
    await read('a');
    await read('b');
    await read('c');
    expect(cache.size).toBe(2);
    load.mockClear();
    await read('c');
    await read('b');
    expect(load).not.toHaveBeenCalled();
    await read('a');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
