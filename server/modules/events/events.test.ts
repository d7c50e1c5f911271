import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventSchema, type LiveEvent } from '@shared/contracts/notifications';
import { liveEvents, notifications, session } from '@shared/schema';
import { SESSION_COOKIE_NAME } from '../../auth/session';
import {
  listenOnEphemeralPort,
  openEventStream,
  type EventStreamReader,
  type ReceivedEvent,
} from '../../test/sse-client';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { createJob } from '../jobs/marketplace.fixtures';
import { LIVE_EVENTS_MESSAGES, MAX_STREAMS_PER_USER, RECONNECT_DELAY_MS, type LiveEventSink } from '.';

const PASSWORD = 'copper-trap-gasket-flux';
const HEARTBEAT_MS = 150;

interface User {
  id: string;
  email: string;
  /** The Cookie header of one logged-in session. */
  cookie: string;
}

describe(`live events: GET /api/events (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let server: { url: string; close(): Promise<void> };
  let jobId: string;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, env: { LIVE_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
    server = await listenOnEphemeralPort(ctx.app);
    const owner = await register();
    jobId = (await createJob(ctx, owner.id)).id;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server?.close();
    await ctx?.close();
  });

  const cookieOf = (setCookie: string[] | string | undefined) => {
    const value = ([] as string[])
      .concat(setCookie ?? [])
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
    if (!value) throw new Error('no session cookie was set');
    return value.split(';')[0];
  };

  async function register(): Promise<User> {
    const email = uniqueEmail('live');
    const res = await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { id: res.body.id, email, cookie: cookieOf(res.headers['set-cookie']) };
  }

  async function logIn(user: Pick<User, 'email'>, password = PASSWORD): Promise<string> {
    const res = await ctx.request.post('/api/auth/login').send({ email: user.email, password });
    expect(res.status).toBe(200);
    return cookieOf(res.headers['set-cookie']);
  }

  async function stream(cookie?: string, lastEventId?: string | number) {
    const reader = await openEventStream(`${server.url}/api/events`, { cookie, lastEventId });
    open.push(reader);
    return reader;
  }

  /** A stream past its replay: the `retry:` line, and the first heartbeat after it. */
  async function liveStream(cookie: string, lastEventId?: string | number) {
    const reader = await stream(cookie, lastEventId);
    expect(reader.status, reader.text()).toBe(200);
    await reader.until('the first heartbeat', () => reader.comments.includes('ping'));
    return reader;
  }

  /** Publishes in a transaction of its own that commits (or, with `rollBack`, rolls back). */
  async function publish(userIds: string[], event: LiveEvent, { rollBack = false } = {}) {
    const rolledBack = new Error('rolled back on purpose');
    await ctx.database.db
      .transaction(async (tx) => {
        await ctx.liveEvents.publish(tx, userIds, event);
        if (rollBack) throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  }

  /** A distinct event each call: a job_changed on a new job. */
  async function nextEvent(): Promise<LiveEvent> {
    const owner = await register();
    return { type: 'job_changed', jobId: (await createJob(ctx, owner.id)).id };
  }

  const payloads = (reader: EventStreamReader) =>
    reader.events.map((event) => liveEventSchema.parse(JSON.parse(event.data)));
  const ids = (events: ReceivedEvent[]) => events.map((event) => Number(event.id));
  const hasJob = (reader: EventStreamReader, id: string) =>
    payloads(reader).some((event) => event.jobId === id);

  async function untilOpenStreams(count: number) {
    for (let tries = 0; ctx.liveEvents.openStreams() !== count; tries++) {
      if (tries > 200) throw new Error(`${ctx.liveEvents.openStreams()} streams open, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('answers 401 as JSON without a session', async () => {
    const reader = await stream();
    expect(reader.status).toBe(401);
    expect(reader.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reader.body).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.any(String) });
  });

  it('streams to any logged-in user: the stream headers, the reconnection delay, then heartbeats', async () => {
    const user = await register();
    const reader = await liveStream(user.cookie);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('cache-control')).toBe('no-store');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.retryMs).toBe(RECONNECT_DELAY_MS);
    expect(reader.text().startsWith(`retry: ${RECONNECT_DELAY_MS}\n\n`)).toBe(true);
    await reader.until('three heartbeats', () => reader.comments.filter((c) => c === 'ping').length >= 3);
    expect(reader.events).toEqual([]);
    // A stream sets no cookie: the session is neither saved nor renewed by it.
    expect(reader.headers.get('set-cookie')).toBeNull();
    // HEAD gets the headers and an end, not a stream that never finishes.
    const head = await ctx.request.head('/api/events').set('Cookie', user.cookie);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');

    const admin = await logIn({ email: 'admin@demo.plumbline.test' }, 'plumbline-demo');
    expect((await liveStream(admin)).status).toBe(200);
  });

  it('pushes an event committed for a user to that user’s streams only, and nothing of a rolled-back one', async () => {
    const [alice, bob] = [await register(), await register()];
    const [aliceTab, aliceOtherTab, bobTab] = [
      await liveStream(alice.cookie),
      await liveStream(await logIn(alice)),
      await liveStream(bob.cookie),
    ];
    const [forAlice, rolledBack, forBob] = [await nextEvent(), await nextEvent(), await nextEvent()];

    await publish([alice.id], rolledBack, { rollBack: true });
    await publish([alice.id, alice.id], forAlice);
    await publish([bob.id], forBob);

    for (const tab of [aliceTab, aliceOtherTab]) {
      await tab.until('alice’s event', () => hasJob(tab, forAlice.jobId));
      expect(payloads(tab)).toEqual([forAlice]);
      expect(tab.events[0].type).toBe('message');
    }
    await bobTab.until('bob’s event', () => hasJob(bobTab, forBob.jobId));
    // Notifications arrive in commit order: had the rolled-back one been sent, it would be first.
    expect(payloads(bobTab)).toEqual([forBob]);
    await publish([alice.id], await nextEvent());
    await aliceTab.until('alice’s second event', () => aliceTab.events.length === 2);
    expect(payloads(aliceTab).some((event) => event.jobId === rolledBack.jobId)).toBe(false);
    const [stored] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(liveEvents)
      .where(eq(liveEvents.jobId, rolledBack.jobId));
    expect(stored.count).toBe(0);
  });

  it('sends a notification event with its kind, the row number as its id', async () => {
    const user = await register();
    const reader = await liveStream(user.cookie);
    const [notification] = await ctx.database.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'new_quote',
        jobId,
        title: 'A new quote',
        body: 'A plumber quoted your job.',
        eventKey: `quote:${uniqueEmail('key')}`,
      })
      .returning();
    const event: LiveEvent = {
      type: 'notification',
      jobId,
      notificationId: notification.id,
      kind: 'new_quote',
    };
    await publish([user.id], event);
    await reader.until('the notification', () => reader.events.length === 1);
    expect(payloads(reader)).toEqual([event]);
    const [row] = await ctx.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.notificationId, notification.id));
    expect(reader.events[0].id).toBe(String(row.id));
    expect(row).toMatchObject({ userId: user.id, type: 'notification', jobId });

    // A replay rebuilds the same event from the row (the kind comes from the notification).
    const replayed = await liveStream(user.cookie, row.id - 1);
    await replayed.until('the replayed notification', () => replayed.events.length === 1);
    expect(payloads(replayed)).toEqual([event]);
  });

  it('replays what a page missed after its Last-Event-ID, in order and once, then goes on live', async () => {
    const user = await register();
    const first = await liveStream(user.cookie);
    const seen = [await nextEvent(), await nextEvent()];
    for (const event of seen) await publish([user.id], event);
    await first.until('the first two events', () => first.events.length === 2);
    const lastEventId = first.events[1].id!;
    first.close();

    const missed = [await nextEvent(), await nextEvent(), await nextEvent()];
    for (const event of missed) await publish([user.id], event);

    const second = await liveStream(user.cookie, lastEventId);
    await second.until('the missed events', () => missed.every((event) => hasJob(second, event.jobId)));
    const after = second.events.filter((event) => Number(event.id) > Number(lastEventId));
    expect(after.map((event) => liveEventSchema.parse(JSON.parse(event.data)))).toEqual(missed);
    // The look-back window also resends recent rows up to Last-Event-ID (the page drops ids it has):
    // in id order, each once.
    expect(ids(second.events)).toEqual([...new Set(ids(second.events))].sort((a, b) => a - b));

    const live = await nextEvent();
    await publish([user.id], live);
    await second.until('the next live event', () => hasJob(second, live.jobId));
    expect(payloads(second).at(-1)).toEqual(live);
    expect(new Set(ids(second.events)).size).toBe(second.events.length);
  });

  it('ignores a Last-Event-ID that is not a row number', async () => {
    const user = await register();
    await publish([user.id], await nextEvent());
    const reader = await liveStream(user.cookie, 'not-a-number');
    expect(reader.events).toEqual([]);
  });

  it('sends a live event that arrives during the replay once, after the replay', async () => {
    const user = await register();
    const sent: number[] = [];
    const sink: LiveEventSink = { send: (id) => sent.push(id), end: () => undefined };
    const before = await nextEvent();
    await publish([user.id], before);
    const [{ id: lastEventId }] = await ctx.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.jobId, before.jobId));

    const stream = ctx.liveEvents.open(user.id, sink);
    try {
      // Committed while the stream waits for its replay: both the replay and the held event have it.
      await publish([user.id], await nextEvent());
      await publish([user.id], await nextEvent());
      const rows = await ctx.database.db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(sql`${liveEvents.userId} = ${user.id} and ${liveEvents.id} > ${lastEventId}`)
        .orderBy(liveEvents.id);
      expect(rows).toHaveLength(2);
      if (testDatabaseKind === 'embedded') expect(sent).toEqual([]);

      await stream.resume(lastEventId);
      const third = await nextEvent();
      await publish([user.id], third);
      const [{ id: thirdId }] = await ctx.database.db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(eq(liveEvents.jobId, third.jobId));
      for (let tries = 0; !sent.includes(thirdId) && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The look-back window resends the row at Last-Event-ID itself; each row goes once, in order.
      expect(sent).toEqual([lastEventId, ...rows.map((row) => row.id), thirdId]);
    } finally {
      stream.close();
    }
  });

  it(`allows ${MAX_STREAMS_PER_USER} open streams per user, then 429 until one closes`, async () => {
    const user = await register();
    const other = await register();
    const baseline = ctx.liveEvents.openStreams();
    const tabs: EventStreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) tabs.push(await liveStream(user.cookie));
    expect(ctx.liveEvents.openStreams()).toBe(baseline + MAX_STREAMS_PER_USER);

    const refused = await stream(user.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: LIVE_EVENTS_MESSAGES.tooManyForUser, code: 'RATE_LIMITED' });
    // The limit is per user: another account still connects.
    expect((await liveStream(other.cookie)).status).toBe(200);

    tabs[0].close();
    await untilOpenStreams(baseline + MAX_STREAMS_PER_USER);
    expect((await liveStream(user.cookie)).status).toBe(200);
  });

  it('ends the stream when its session is logged out elsewhere, without writing the session back', async () => {
    const user = await register();
    const cookie = await logIn(user);
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    // Last activity ten minutes ago: opening the stream is a request that would stamp it anew.
    await ctx.database.db.execute(
      sql`update ${session} set sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(${Date.now() - 10 * 60_000}::bigint))::json where sid = ${sid}`,
    );
    const reader = await liveStream(cookie);

    const logout = await ctx.request.post('/api/auth/logout').set('Cookie', cookie);
    expect(logout.status).toBe(200);
    await reader.untilEnded();
    // express-session saves a changed session as its response ends: it must not bring this one back.
    const rows = await ctx.database.db.select().from(session).where(eq(session.sid, sid));
    expect(rows).toEqual([]);
    expect((await stream(cookie)).status).toBe(401);
  });

  it('ends the stream of a session a password change ended', async () => {
    const user = await register();
    const reader = await liveStream(user.cookie);
    const other = await logIn(user);
    const changed = await ctx.request
      .post('/api/account/password')
      .set('Cookie', other)
      .send({ currentPassword: PASSWORD, newPassword: 'brass-elbow-solder-wick-valve' });
    expect(changed.status).toBe(200);
    await reader.untilEnded();
  });

  it('ends every stream on stop, and refuses new ones until started again', async () => {
    const user = await register();
    const reader = await liveStream(user.cookie);
    await ctx.liveEvents.stop();
    try {
      await reader.untilEnded();
      expect(ctx.liveEvents.openStreams()).toBe(0);
      const refused = await stream(user.cookie);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await ctx.liveEvents.start();
    }
    const again = await liveStream(user.cookie);
    const event = await nextEvent();
    await publish([user.id], event);
    await again.until('an event after the restart', () => hasJob(again, event.jobId));
  });

  it('deletes rows older than a day, and only those', async () => {
    const user = await register();
    await publish([user.id], await nextEvent());
    await publish([user.id], await nextEvent());
    const rows = await ctx.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.userId, user.id))
      .orderBy(liveEvents.id);
    await ctx.database.db
      .update(liveEvents)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(liveEvents.id, rows[0].id));
    expect(await ctx.liveEvents.deleteExpired()).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.userId, user.id));
    expect(left).toEqual([rows[1]]);
  });
});

describe(`the database listener and the process's stream limit (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { LIVE_EVENTS_MAX_STREAMS: '2' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hears NOTIFY sent through the pool, on commit only, until unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await ctx.database.listen('listener_test', (payload) => heard.push(payload));
    const notify = (payload: string) =>
      ctx.database.pool.query(`select pg_notify('listener_test', $1)`, [payload]);
    const until = async (check: () => boolean) => {
      for (let tries = 0; !check(); tries++) {
        if (tries > 200) throw new Error(`heard only ${JSON.stringify(heard)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    await notify('outside a transaction');
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select pg_notify('listener_test', 'rolled back')`);
      await client.query('rollback');
      await client.query('begin');
      await client.query(`select pg_notify('listener_test', 'committed')`);
      await client.query('commit');
    } finally {
      client.release();
    }
    await until(() => heard.length >= 2);
    expect(heard).toEqual(['outside a transaction', 'committed']);

    await unlisten();
    await notify('after unlisten');
    await notify('marker');
    // Nothing arrives after unlisten: a second listener hears the marker, the first nothing more.
    const second: string[] = [];
    const unlistenSecond = await ctx.database.listen('listener_test', (payload) => second.push(payload));
    await notify('second');
    await until(() => second.length === 1);
    expect(second).toEqual(['second']);
    expect(heard).toEqual(['outside a transaction', 'committed']);
    await unlistenSecond();
  });

  it('keeps listening when the pool opens a new connection', async () => {
    const heard: string[] = [];
    const unlisten = await ctx.database.listen('listener_recycle', (payload) => heard.push(payload));
    // Closing the pool's idle connections: the next query opens a new one (DISCARD ALL on PGlite).
    const client = await ctx.database.pool.connect();
    client.release(true);
    await ctx.database.pool.query(`select pg_notify('listener_recycle', 'after a new connection')`);
    for (let tries = 0; heard.length === 0 && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(heard).toEqual(['after a new connection']);
    await unlisten();
  });

  it('refuses a stream past LIVE_EVENTS_MAX_STREAMS with 503, whoever asks, until one closes', () => {
    const sink: LiveEventSink = { send: () => undefined, end: () => undefined };
    const first = ctx.liveEvents.open('user-a', sink);
    ctx.liveEvents.open('user-b', sink);
    const refused = (() => {
      try {
        ctx.liveEvents.open('user-c', sink);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: LIVE_EVENTS_MESSAGES.tooManyForServer,
    });
    first.close();
    expect(() => ctx.liveEvents.open('user-c', sink)).not.toThrow();
  });
});
