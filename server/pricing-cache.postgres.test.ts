import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, type DatabaseHandle } from './db/client';
import { adminBrowser, startInstances, TestBrowser, type Instances } from './test/instances';
import type { ServerProcess } from './test/server-process';

/** How long a committed edit on one instance may take to reach another's estimates. */
const REFRESH_BOUND_MS = 2_000;
/** Well under the cache's 30 s lifetime: a price seen within it came from a dropped cache. */
const RECONNECT_BOUND_MS = 10_000;

/** Polls `read` until it answers `expected`, up to `withinMs`; fails with the last answer. */
async function until<T>(what: string, read: () => Promise<T>, expected: T, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < deadline);
  expect(last, `${what} within ${withinMs} ms`).toEqual(expected);
}

/**
 * Two real server processes on one PostgreSQL database, each with its own pricing cache (30 s): an
 * admin's edit through one instance reaches the other's estimates at once (NOTIFY pricing_changed
 * in the edit's transaction), and an instance whose listener lost its connection drops its cache
 * when it listens again (what was announced meanwhile never reached it).
 */
describe('pricing cache across two instances (PostgreSQL)', () => {
  let cluster: Instances;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestBrowser;

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_pricing_cache',
      count: 2,
      env: { SESSION_SECRET: 'pricing-cache-shared-session-secret-0123456789', AUTH_RATE_LIMIT: '1000' },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
    admin = await adminBrowser(cluster, a);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  const baseMaxOn = async (instance: ServerProcess, issueSlug: string) => {
    const res = await new TestBrowser().call(instance, 'GET', `/api/pricing/estimate?issueSlug=${issueSlug}`);
    expect(res.status).toBe(200);
    return (res.body.costBreakdown as { base: { max: number } }).base.max;
  };

  it('an edit committed through A shows in B’s estimates within moments', async () => {
    // B has the catalogue cached.
    expect(await baseMaxOn(b, 'running-toilet')).toBeGreaterThan(0);
    const before = await baseMaxOn(b, 'running-toilet');
    const saved = await admin.call(a, 'PATCH', '/api/admin/pricing/catalog/running-toilet', {
      baseMax: before + 25,
      reason: 'Flapper kits cost more',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await until(
      'B’s price after the edit',
      () => baseMaxOn(b, 'running-toilet'),
      before + 25,
      REFRESH_BOUND_MS,
    );
    expect(await baseMaxOn(a, 'running-toilet')).toBe(before + 25);
  });

  it('a retirement through B hides the item from A’s estimates', async () => {
    expect(await baseMaxOn(a, 'frozen-pipe')).toBeGreaterThan(0);
    const retired = await admin.call(b, 'POST', '/api/admin/pricing/catalog/frozen-pipe/retire', {
      reason: 'Seasonal: not offered this summer',
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    const statusOnA = async () =>
      (await new TestBrowser().call(a, 'GET', '/api/pricing/estimate?issueSlug=frozen-pipe')).status;
    await until('A’s answer after the retirement', statusOnA, 404, REFRESH_BOUND_MS);
  });

  it('an instance whose listener reconnects drops its cache: a change it was never told of shows', async () => {
    const before = await baseMaxOn(b, 'sump-pump-repair');
    // Changed behind the app's back: no NOTIFY, so only the reconnection can make B read it again.
    await database.pool.query(`update pricing_catalog set base_max = base_max + 40 where issue_slug = $1`, [
      'sump-pump-repair',
    ]);
    expect(await baseMaxOn(b, 'sump-pump-repair')).toBe(before);
    const { rows } = await database.pool.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows.map((row) => row.ended)).toEqual([true, true]);
    await until(
      'B’s price after its listener reconnected',
      () => baseMaxOn(b, 'sump-pump-repair'),
      before + 40,
      RECONNECT_BOUND_MS,
    );
  });
});
