import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLUMBER_MESSAGES } from '@shared/contracts/plumbers';
import { fakeListener } from '../../test/fake-listener';
import { queriesDuring } from '../../test/queries';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { createJob, registerActor, registerPlumber, type PlumberActor } from '../jobs/marketplace.fixtures';
import { createPlumberCache, PLUMBER_CHANGED_CHANNEL } from './plumber-cache';
import type { Plumber } from './plumbers.repository';

describe('the plumber cache (docs/decisions/043-plumber-rows-kept-with-sessions.md)', () => {
  it('drops only the plumber whose account a notice names', async () => {
    const listener = fakeListener(PLUMBER_CHANGED_CHANNEL);
    const cache = createPlumberCache({ ttlMs: 60_000, listen: listener.listen });
    await cache.startListening();
    const load = vi.fn(async (userId: string) => ({ id: `plumber-of-${userId}`, userId }) as Plumber);
    await cache.read('user-1', () => load('user-1'));
    await cache.read('user-2', () => load('user-2'));
    expect(cache.size).toBe(2);

    listener.notify('user-1');
    expect(cache.size).toBe(1);
    load.mockClear();
    await cache.read('user-2', () => load('user-2'));
    expect(load).not.toHaveBeenCalled();
    await cache.read('user-1', () => load('user-1'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe(`a plumber's own row kept between change notices (${testDatabaseKind} database)`, () => {
  /** A minute: any change seen sooner came from a notice or this instance's own write, not from the time running out. */
  const CACHE_TTL_MS = 60_000;
  /** How long a committed change may take to reach the cache (a notice on the listener's connection). */
  const NOTICE_BOUND = { timeout: 2_000, interval: 20 };
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, env: { SESSION_CACHE_TTL_MS: String(CACHE_TTL_MS) } });
    const owner = await registerActor(ctx, 'homeowner');
    await createJob(ctx, owner.user.id, { address: '1701 Wynkoop St, Denver, CO 80202' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function plumberQueries(run: () => Promise<unknown>): Promise<number> {
    const { texts } = await queriesDuring(ctx.database.pool, run);
    return texts.filter((text) => /from "plumbers"/.test(text)).length;
  }

  /** Runs `run` with the trigger off: what changes meanwhile sends no notice, so only this instance's own doing shows. */
  async function withoutNotices(run: () => Promise<void>) {
    await ctx.database.pool.query(`alter table plumbers disable trigger plumbers_announce_change`);
    try {
      await run();
    } finally {
      await ctx.database.pool.query(`alter table plumbers enable trigger plumbers_announce_change`);
    }
  }

  const nearby = (plumber: PlumberActor) => plumber.agent.get('/api/jobs/nearby');
  /** Until this instance serves the plumber's row from memory (a notice of its set-up may still come in). */
  const keptHere = (plumber: PlumberActor) =>
    vi.waitFor(
      async () => expect(await plumberQueries(() => nearby(plumber).expect(200))).toBe(0),
      NOTICE_BOUND,
    );
  const change = (plumber: PlumberActor, set: string) =>
    ctx.database.pool.query(`update plumbers set ${set} where id = $1`, [plumber.plumberId]);

  it('reads the row once, then from memory; a change written to the table elsewhere still applies', async () => {
    const plumber = await registerPlumber(ctx);
    await keptHere(plumber);

    await change(plumber, `verification_status = 'rejected', rejection_reason = 'Licence not found'`);
    await vi.waitFor(async () => {
      const refused = await nearby(plumber);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(PLUMBER_MESSAGES.rejected);
    }, NOTICE_BOUND);
  });

  it('a plumber’s own new service area shows on its very next request', async () => {
    const plumber = await registerPlumber(ctx, { zip: '80202', serviceRadiusKm: 30 });
    const count = async () =>
      (await plumber.agent.get('/api/jobs/nearby/count').expect(200)).body.nearbyCount;
    expect(await count()).toBeGreaterThan(0);
    // Until the row is served from memory: a notice of the set-up's own writes may still come in.
    await vi.waitFor(async () => expect(await plumberQueries(count)).toBe(0), NOTICE_BOUND);

    // Miami is far from every job of this test: nothing nearby there. No notice comes: this
    // instance forgets the row because it wrote it.
    await withoutNotices(async () => {
      await plumber.agent
        .put('/api/plumbers/me/location')
        .send({ zip: '33101', serviceRadiusKm: 10 })
        .expect(200);
      expect(await count()).toBe(0);
      const profile = await plumber.agent.get(`/api/plumbers/user/${plumber.user.id}`).expect(200);
      expect(profile.body.currentAddress).toMatch(/33101/);
    });
  });

  it('a request that asks for fresh data (right after a write through another instance) reads the row again', async () => {
    const plumber = await registerPlumber(ctx);
    await keptHere(plumber);
    await withoutNotices(async () => {
      await change(plumber, `verification_status = 'rejected', rejection_reason = 'Licence not found'`);
      expect((await nearby(plumber)).status).toBe(200);
      const fresh = await nearby(plumber).set('Cache-Control', 'no-cache');
      expect(fresh.status).toBe(403);
      // What it read fresh is what is kept from then on.
      expect((await nearby(plumber)).status).toBe(403);
    });
  });

  it('reads inside a transaction never come from memory', async () => {
    const plumber = await registerPlumber(ctx);
    await keptHere(plumber);
    // Quoting reads the plumber in its transaction: a rejection applies to it whatever is kept.
    await withoutNotices(async () => {
      await change(plumber, `verification_status = 'rejected', rejection_reason = 'Licence not found'`);
      expect((await nearby(plumber)).status).toBe(200);
      const job = await createJob(ctx, (await registerActor(ctx, 'homeowner')).user.id);
      const quote = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: job.id, minTotal: 150, maxTotal: 300 });
      expect(quote.status).toBe(403);
      expect(quote.body.error).toBe(PLUMBER_MESSAGES.rejected);
    });
  });
});
