import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-context';
import {
  loginAdmin,
  registerActor,
  registerPlumber,
  type Actor,
  type PlumberActor,
} from './modules/jobs/marketplace.fixtures';

const IDLE_TIMEOUT_MS = 100;

/**
 * The pool closes idle connections; the next request opens a new one. Nothing a closed connection
 * left behind (a named prepared statement in the embedded database's shared session, above all)
 * may break the requests that follow.
 */
describe('requests after the pool recycled its connections', () => {
  let ctx: TestContext;
  let homeowner: Actor;
  let plumber: PlumberActor;
  let admin: Actor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, poolIdleTimeoutMs: IDLE_TIMEOUT_MS });
    homeowner = await registerActor(ctx, 'homeowner');
    plumber = await registerPlumber(ctx);
    admin = await loginAdmin(ctx);
  });
  afterAll(() => ctx.close());

  async function waitForIdlePool() {
    await sleep(IDLE_TIMEOUT_MS * 3);
    expect(ctx.database.pool.totalCount).toBe(0);
  }

  it('answers every kind of authenticated request, again and again', async () => {
    for (let round = 0; round < 3; round += 1) {
      await waitForIdlePool();
      expect((await homeowner.agent.get('/api/auth/user')).status).toBe(200);

      await waitForIdlePool();
      expect((await homeowner.agent.get('/api/jobs')).status).toBe(200);

      await waitForIdlePool();
      expect((await plumber.agent.get('/api/jobs/nearby')).status).toBe(200);

      await waitForIdlePool();
      const location = await plumber.agent
        .put('/api/plumbers/me/location')
        .send({ zip: '80202', serviceRadiusKm: 20 + round });
      expect(location.status).toBe(200);

      await waitForIdlePool();
      expect((await admin.agent.get('/api/admin/stats')).status).toBe(200);
    }
  });

  it('logs in, and out, on a fresh connection', async () => {
    await waitForIdlePool();
    const login = await ctx.agent().post('/api/auth/login').send({
      email: 'homeowner@demo.plumbline.test',
      password: 'plumbline-demo',
    });
    expect(login.status).toBe(200);
    await waitForIdlePool();
    expect((await homeowner.agent.post('/api/auth/logout')).status).toBe(200);
    await waitForIdlePool();
    expect((await homeowner.agent.get('/api/auth/user')).status).toBe(401);
  });
});

/**
 * With session reads kept in memory (docs/decisions/042-session-cache.md): on the embedded database
 * the notices arrive on the pool's connection, so a recycled connection must listen again before a
 * change can be missed.
 */
describe('kept sessions after the pool recycled its connections', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      poolIdleTimeoutMs: IDLE_TIMEOUT_MS,
      env: { SESSION_CACHE_TTL_MS: '60000' },
    });
  });
  afterAll(() => ctx.close());

  it('still hears a change written by hand on a fresh connection', async () => {
    const homeowner = await registerActor(ctx, 'homeowner');
    expect((await homeowner.agent.get('/api/auth/user')).body).toMatchObject({ role: 'homeowner' });
    await sleep(IDLE_TIMEOUT_MS * 3);
    expect(ctx.database.pool.totalCount).toBe(0);
    await ctx.database.pool.query(`update users set role = 'plumber' where id = $1`, [homeowner.user.id]);
    // Well inside the minute the copy is kept: only the change's notice explains the new role.
    const readRole = async () => (await homeowner.agent.get('/api/auth/user')).body.role;
    for (let tries = 0; (await readRole()) !== 'plumber'; tries++) {
      if (tries > 40) throw new Error('the kept session never heard of the change');
      await sleep(50);
    }
  });
});
