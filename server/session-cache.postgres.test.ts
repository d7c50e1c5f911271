import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { LISTENER_APPLICATION_NAME, openDatabase, type DatabaseHandle } from './db/client';
import {
  adminBrowser,
  createThrowawayPostgres,
  startInstances,
  TestBrowser,
  type Instances,
} from './test/instances';
import type { ServerProcess } from './test/server-process';
import { uniqueEmail } from './test/test-context';

const PASSWORD = 'gate-valve-ptfe-tape';
/** A minute: a change an instance shows sooner came from a notice or a dropped cache, not from the time running out. */
const CACHE_TTL_MS = 60_000;
/** How long a committed change may take to reach another instance's sessions. */
const NOTICE_BOUND = { timeout: 2_000, interval: 25 };
/** The listener reconnects after 250 ms, doubling: well inside this, and well inside the cache's minute. */
const RECONNECT_BOUND = { timeout: 10_000, interval: 50 };

/** Ends every listener connection on the current database (both instances'); each reconnects. */
async function cutListeners(pool: DatabaseHandle['pool'], expected: number) {
  const { rows } = await pool.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = $1 and datname = current_database()`,
    [LISTENER_APPLICATION_NAME],
  );
  expect(rows.map((row) => row.ended)).toEqual(Array(expected).fill(true));
}

/**
 * Two real server processes on one PostgreSQL database, each keeping session reads for a minute
 * (docs/decisions/042-session-cache.md): what one instance or the table itself changes reaches the
 * other's next requests within moments, and an instance whose listener was cut serves nothing it
 * may have missed a notice for.
 */
describe('session cache across two instances (PostgreSQL)', () => {
  let cluster: Instances;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestBrowser;

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_session_cache',
      count: 2,
      env: {
        SESSION_SECRET: 'session-cache-shared-session-secret-0123456789',
        AUTH_RATE_LIMIT: '1000',
        SESSION_CACHE_TTL_MS: String(CACHE_TTL_MS),
      },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
    admin = await adminBrowser(cluster, a);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  /** A homeowner logged in through A, whose session both instances have read (and keep). */
  async function homeownerSeenByBoth() {
    const browser = new TestBrowser();
    const email = uniqueEmail('cache-homeowner');
    expect((await browser.call(a, 'POST', '/api/auth/register', { email, password: PASSWORD })).status).toBe(
      201,
    );
    expect((await browser.call(a, 'POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(
      200,
    );
    const user = await browser.call(b, 'GET', '/api/auth/user');
    expect(user.status).toBe(200);
    expect((await browser.call(a, 'GET', '/api/auth/user')).status).toBe(200);
    const statusOn = async (instance: ServerProcess) =>
      (await browser.call(instance, 'GET', '/api/auth/user')).status;
    return { browser, id: String(user.body.id), email: email.toLowerCase(), statusOn };
  }

  it('a suspension through B ends the session on A within moments', async () => {
    const homeowner = await homeownerSeenByBoth();
    const suspended = await admin.call(b, 'POST', `/api/admin/users/${homeowner.id}/suspend`, {
      reason: 'Chargeback under review',
    });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await vi.waitFor(async () => expect(await homeowner.statusOn(a)).toBe(401), NOTICE_BOUND);
  });

  it('a logout through B ends the session on A within moments', async () => {
    const homeowner = await homeownerSeenByBoth();
    const cookie = homeowner.browser.cookie;
    expect((await homeowner.browser.call(b, 'POST', '/api/auth/logout')).status).toBe(200);
    const replay = new TestBrowser();
    replay.cookie = cookie;
    await vi.waitFor(
      async () => expect((await replay.call(a, 'GET', '/api/auth/user')).status).toBe(401),
      NOTICE_BOUND,
    );
  });

  it('a role changed in the table by hand shows on both instances within moments', async () => {
    const homeowner = await homeownerSeenByBoth();
    await database.pool.query(`update users set role = 'plumber' where id = $1`, [homeowner.id]);
    for (const instance of [a, b]) {
      await vi.waitFor(async () => {
        const user = await homeowner.browser.call(instance, 'GET', '/api/auth/user');
        expect(user.body).toMatchObject({ role: 'plumber' });
      }, NOTICE_BOUND);
    }
  });

  it('a plumber rejected through B is refused nearby jobs on A within moments (ADR 043)', async () => {
    const plumber = new TestBrowser();
    const email = uniqueEmail('cache-plumber');
    const ok = (reply: { status: number; body: unknown }, status = 200) =>
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    ok(
      await plumber.call(a, 'POST', '/api/auth/register', { email, password: PASSWORD, role: 'plumber' }),
      201,
    );
    ok(await plumber.call(a, 'POST', '/api/auth/login', { email, password: PASSWORD }));
    ok(await plumber.call(a, 'PUT', '/api/plumbers/me/location', { zip: '78701', serviceRadiusKm: 40 }));
    const onboarding = {
      businessName: 'Cache Plumbing Co.',
      licenseNumber: 'M-43043',
      licenseState: 'TX',
      insuranceExpiresOn: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 365),
    };
    const submitted = await plumber.call(a, 'PUT', '/api/plumbers/me/onboarding', onboarding);
    ok(submitted);
    const plumberId = String((submitted.body as { id: string }).id);
    ok(await admin.call(b, 'POST', `/api/admin/plumbers/${plumberId}/verify`));
    const nearbyOn = async (instance: ServerProcess) =>
      (await plumber.call(instance, 'GET', '/api/jobs/nearby')).status;
    // Both instances have read the verified row and keep it.
    await vi.waitFor(async () => expect(await nearbyOn(a)).toBe(200), NOTICE_BOUND);
    expect(await nearbyOn(b)).toBe(200);
    expect(await nearbyOn(a)).toBe(200);

    ok(
      await admin.call(b, 'POST', `/api/admin/plumbers/${plumberId}/reject`, { reason: 'Licence not found' }),
    );
    await vi.waitFor(async () => expect(await nearbyOn(a)).toBe(403), NOTICE_BOUND);
  });

  it('a change made while the listeners are cut still shows: nothing kept is served meanwhile', async () => {
    const homeowner = await homeownerSeenByBoth();
    await cutListeners(database.pool, 2);
    // Committed while the instances may not be listening: its notice can be lost.
    await database.pool.query('update users set suspended_at = now() where id = $1', [homeowner.id]);
    await vi.waitFor(async () => expect(await homeowner.statusOn(a)).toBe(401), RECONNECT_BOUND);
    await vi.waitFor(async () => expect(await homeowner.statusOn(b)).toBe(401), RECONNECT_BOUND);
  });
});

describe('the database listener’s connection (PostgreSQL)', () => {
  it('says when it drops, then when it is back', async () => {
    const throwaway = await createThrowawayPostgres('plumbline_listener_drop');
    const database = await openDatabase({ databaseUrl: throwaway.url });
    try {
      const events: string[] = [];
      const stop = await database.listen(
        'plumbline_listener_probe',
        () => undefined,
        () => events.push('reconnected'),
        () => events.push('disconnected'),
      );
      await cutListeners(database.pool, 1);
      await vi.waitFor(() => expect(events).toEqual(['disconnected', 'reconnected']), RECONNECT_BOUND);
      await stop();
    } finally {
      await database.close();
      await throwaway.drop();
    }
  });
});
