import bcrypt from 'bcrypt';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventSchema, type LiveEvent } from '@shared/contracts/notifications';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { notifications, users } from '@shared/schema';
import { LISTENER_APPLICATION_NAME, type DatabaseHandle } from './db/client';
import { locateAddress } from './modules/geo';
import { postJob } from './modules/jobs/jobs.service';
import { startInstances, TestBrowser, type Instances } from './test/instances';
import type { ServerProcess } from './test/server-process';
import { openEventStream, type EventStreamReader } from './test/sse-client';
import { uniqueEmail } from './test/test-context';

const PASSWORD = 'copper-trap-gasket-flux';
/** How long an event published through one instance may take to reach a stream on the other. */
const DELIVERY_BOUND_MS = 2_000;

/** One browser: its session cookie, and the live-event streams it opens with it. */
class Browser extends TestBrowser {
  events(instance: ServerProcess, lastEventId?: string) {
    return openEventStream(`${instance.url}/api/events`, { cookie: this.cookie, lastEventId });
  }
}

/**
 * Two real server processes on one PostgreSQL database: a page connected to one instance is told
 * of what happens through the other (LISTEN/NOTIFY), and a page that lost its connection, or whose
 * instance lost its listener, gets what it missed when it reconnects (Last-Event-ID).
 */
describe('live events across two instances (PostgreSQL)', () => {
  let cluster: Instances;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_live_events',
      count: 2,
      env: {
        SESSION_SECRET: 'live-events-shared-session-secret-0123456789',
        AUTH_RATE_LIMIT: '1000',
      },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
  }, 120_000);

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await cluster?.stop();
  }, 60_000);

  async function register(instance: ServerProcess, role: 'homeowner' | 'plumber') {
    const browser = new Browser();
    const res = await browser.call(instance, 'POST', '/api/auth/register', {
      email: uniqueEmail(`live-${role}`),
      password: PASSWORD,
      role,
    });
    expect(res.status).toBe(201);
    const profile = await browser.call(instance, 'PATCH', '/api/account', {
      name: `Live ${role}`,
      phone: '3035550188',
    });
    expect(profile.status).toBe(200);
    return { browser, id: String(res.body.id) };
  }

  /** Plumbers that may quote: located downtown Denver, onboarded, verified by an admin. */
  async function vettedPlumbers(count: number) {
    const adminEmail = uniqueEmail('live-admin');
    await database.db
      .insert(users)
      .values({ email: adminEmail, role: 'admin', passwordHash: await bcrypt.hash(PASSWORD, 4) });
    const admin = new Browser();
    expect(
      (await admin.call(b, 'POST', '/api/auth/login', { email: adminEmail, password: PASSWORD })).status,
    ).toBe(200);
    const plumbers: Browser[] = [];
    for (let i = 0; i < count; i++) {
      const { browser } = await register(a, 'plumber');
      const located = await browser.call(a, 'PUT', '/api/plumbers/me/location', {
        zip: '80202',
        serviceRadiusKm: 30,
      });
      expect(located.status).toBe(200);
      const onboarded = await browser.call(a, 'PUT', '/api/plumbers/me/onboarding', {
        businessName: `Live Plumbing ${i}`,
        licenseNumber: 'M-10203',
        licenseState: 'CO',
        insuranceExpiresOn: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 365),
      });
      expect(onboarded.status).toBe(200);
      const verified = await admin.call(b, 'POST', `/api/admin/plumbers/${String(located.body.id)}/verify`);
      expect(verified.status).toBe(200);
      plumbers.push(browser);
    }
    return plumbers;
  }

  async function jobOf(customerId: string) {
    const address = '1701 Wynkoop St, Denver, CO 80202';
    const place = locateAddress(address)!;
    return postJob(database.db, {
      customerId,
      issueSlug: 'clogged-drain',
      issueDescription: 'The kitchen sink drains slowly and gurgles.',
      address,
      lat: place.lat,
      lng: place.lng,
      urgency: 'routine',
      preferredDate: null,
    });
  }

  async function quote(plumber: Browser, jobId: string) {
    const res = await plumber.call(a, 'POST', '/api/quotes', { jobId, minTotal: 150, maxTotal: 300 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  async function track(reader: Promise<EventStreamReader>) {
    const opened = await reader;
    readers.push(opened);
    expect(opened.status, opened.text()).toBe(200);
    return opened;
  }

  /** The notifications a stream was told of, in order; only those after `afterId` when given. */
  const notificationIdsIn = (reader: EventStreamReader, afterId?: string) =>
    reader.events
      .filter((event) => afterId === undefined || Number(event.id) > Number(afterId))
      .map((event) => liveEventSchema.parse(JSON.parse(event.data)) as LiveEvent)
      .flatMap((event) => (event.type === 'notification' ? [event.notificationId] : []));

  const notificationIdsOf = async (userId: string) =>
    (
      await database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt))
    ).map((row) => row.id);

  it('a quote posted through A reaches the homeowner’s stream on B; after a lost connection nothing is missing', async () => {
    const [first, second, third] = await vettedPlumbers(3);
    const homeowner = await register(b, 'homeowner');
    const job = await jobOf(homeowner.id);

    const page = await track(homeowner.browser.events(b));
    await quote(first, job.id);
    await page.until(
      'the new quote’s notification, pushed from A to B',
      () => page.events.length === 1,
      DELIVERY_BOUND_MS,
    );
    expect(JSON.parse(page.events[0].data)).toMatchObject({
      type: 'notification',
      jobId: job.id,
      kind: 'new_quote',
    });
    expect(notificationIdsIn(page)).toEqual(await notificationIdsOf(homeowner.id));

    // The network goes: two more quotes arrive meanwhile; the page reconnects where it stopped.
    const lastEventId = page.events.at(-1)!.id!;
    page.close();
    await quote(second, job.id);
    await quote(third, job.id);
    const resumed = await track(homeowner.browser.events(b, lastEventId));
    await resumed.until(
      'the two missed notifications',
      () => notificationIdsIn(resumed, lastEventId).length >= 2,
    );
    const all = await notificationIdsOf(homeowner.id);
    expect(all).toHaveLength(3);
    expect(notificationIdsIn(resumed, lastEventId)).toEqual(all.slice(1));
    // Before them, at most the look-back window's recent rows up to Last-Event-ID: in id order, once.
    const ids = resumed.events.map((event) => Number(event.id));
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
  }, 60_000);

  it('when an instance’s listener connection is cut, its streams end and replay what was published meanwhile', async () => {
    const [plumber, another] = await vettedPlumbers(2);
    const homeowner = await register(a, 'homeowner');
    const job = await jobOf(homeowner.id);
    const page = await track(homeowner.browser.events(b));
    await quote(plumber, job.id);
    await page.until('the first notification', () => page.events.length === 1, DELIVERY_BOUND_MS);

    // Both instances lose their LISTEN connection (as when PostgreSQL fails over or a proxy cuts it).
    const { rows } = await database.pool.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows.map((row) => row.ended)).toEqual([true, true]);
    // Published while B may not be listening: only the replay can bring it.
    await quote(another, job.id);
    // B listens again and ends its streams, so their pages reconnect and replay.
    await page.untilEnded();

    const lastEventId = page.events.at(-1)!.id!;
    const resumed = await track(homeowner.browser.events(b, lastEventId));
    await resumed.until(
      'the notification published during the cut',
      () => notificationIdsIn(resumed, lastEventId).length >= 1,
    );
    expect(notificationIdsIn(resumed, lastEventId)).toEqual((await notificationIdsOf(homeowner.id)).slice(1));

    // And live again: a change through A reaches the resumed page.
    const [third] = await vettedPlumbers(1);
    await quote(third, job.id);
    await resumed.until(
      'a live notification after the reconnection',
      () => notificationIdsIn(resumed, lastEventId).length >= 2,
      DELIVERY_BOUND_MS,
    );
    expect(notificationIdsIn(resumed, lastEventId)).toEqual((await notificationIdsOf(homeowner.id)).slice(1));
  }, 60_000);
});
