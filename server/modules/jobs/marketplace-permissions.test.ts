import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import {
  acceptQuote,
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type Agent,
  type PlumberActor,
} from './marketplace.fixtures';

/**
 * Who may call each marketplace route. "homeowner" owns the job, "plumber" is the plumber who quoted
 * (and, once accepted, is assigned to) it; "other homeowner" and "other plumber" are unrelated
 * accounts — the other plumber works in the same area. Every cell gets a fresh job, so an allowed
 * change in one cell never decides another.
 */
type ActorName = 'anonymous' | 'homeowner' | 'otherHomeowner' | 'plumber' | 'otherPlumber' | 'admin';
type Stage = 'open' | 'quoted' | 'scheduled' | 'in_progress' | 'completed';

interface Scenario {
  jobId: string;
  quoteId: string | null;
}

interface RouteCase {
  name: string;
  stage: Stage;
  call: (agent: Agent, scenario: Scenario) => ReturnType<Agent['get']>;
  expected: Record<ActorName, number>;
}

const ACTORS: ActorName[] = ['anonymous', 'homeowner', 'otherHomeowner', 'plumber', 'otherPlumber', 'admin'];

describe(`marketplace permissions (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let actors: Record<Exclude<ActorName, 'anonymous'>, Actor>;
  let plumber: PlumberActor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    plumber = await registerPlumber(ctx);
    actors = {
      homeowner: await registerActor(ctx, 'homeowner'),
      otherHomeowner: await registerActor(ctx, 'homeowner'),
      plumber,
      otherPlumber: await registerPlumber(ctx),
      admin: await loginAdmin(ctx),
    };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function scenario(stage: Stage): Promise<Scenario> {
    const owner = actors.homeowner;
    const job = await createJob(ctx, owner.user.id);
    if (stage === 'open') return { jobId: job.id, quoteId: null };
    const quoteId = await sendQuote(plumber, job.id);
    if (stage !== 'quoted') await acceptQuote(owner, job.id, quoteId);
    if (stage === 'in_progress' || stage === 'completed') {
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
    }
    if (stage === 'completed') expect((await setStatus(plumber, job.id, 'completed')).status).toBe(200);
    return { jobId: job.id, quoteId };
  }

  const routes: RouteCase[] = [
    {
      name: 'GET /api/jobs',
      stage: 'open',
      call: (agent) => agent.get('/api/jobs'),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 200,
        plumber: 200,
        otherPlumber: 200,
        admin: 200,
      },
    },
    {
      name: 'GET /api/jobs/nearby',
      stage: 'open',
      call: (agent) => agent.get('/api/jobs/nearby'),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 403,
        plumber: 200,
        otherPlumber: 200,
        admin: 403,
      },
    },
    {
      name: 'GET /api/jobs/assigned',
      stage: 'scheduled',
      call: (agent) => agent.get('/api/jobs/assigned'),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 403,
        plumber: 200,
        otherPlumber: 200,
        admin: 403,
      },
    },
    {
      name: 'POST /api/jobs/:jobId/accept-quote',
      stage: 'quoted',
      call: (agent, s) => agent.post(`/api/jobs/${s.jobId}/accept-quote`).send({ quoteId: s.quoteId }),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 404,
        plumber: 403,
        otherPlumber: 403,
        admin: 403,
      },
    },
    {
      name: 'PATCH /api/jobs/:jobId/status cancelled',
      stage: 'quoted',
      call: (agent, s) => agent.patch(`/api/jobs/${s.jobId}/status`).send({ status: 'cancelled' }),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 404,
        plumber: 404,
        otherPlumber: 404,
        admin: 403,
      },
    },
    {
      name: 'PATCH /api/jobs/:jobId/status in_progress',
      stage: 'scheduled',
      call: (agent, s) => agent.patch(`/api/jobs/${s.jobId}/status`).send({ status: 'in_progress' }),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 404,
        plumber: 200,
        otherPlumber: 404,
        admin: 403,
      },
    },
    {
      name: 'PATCH /api/jobs/:jobId/status completed',
      stage: 'in_progress',
      call: (agent, s) => agent.patch(`/api/jobs/${s.jobId}/status`).send({ status: 'completed' }),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 404,
        plumber: 200,
        otherPlumber: 404,
        admin: 403,
      },
    },
    {
      name: 'POST /api/jobs/:jobId/rating',
      stage: 'completed',
      call: (agent, s) => agent.post(`/api/jobs/${s.jobId}/rating`).send({ stars: 5, comment: 'Great' }),
      expected: {
        anonymous: 401,
        homeowner: 201,
        otherHomeowner: 404,
        plumber: 403,
        otherPlumber: 403,
        admin: 403,
      },
    },
    {
      name: 'POST /api/quotes',
      stage: 'open',
      call: (agent, s) => agent.post('/api/quotes').send({ jobId: s.jobId, minTotal: 100, maxTotal: 200 }),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 403,
        plumber: 201,
        otherPlumber: 201,
        admin: 403,
      },
    },
    {
      name: 'GET /api/quotes/job/:jobId',
      stage: 'quoted',
      call: (agent, s) => agent.get(`/api/quotes/job/${s.jobId}`),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 404,
        plumber: 200,
        otherPlumber: 200,
        admin: 200,
      },
    },
    {
      name: 'GET /api/quotes/plumber/:plumberId',
      stage: 'quoted',
      call: (agent) => agent.get(`/api/quotes/plumber/${plumber.plumberId}`),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 403,
        plumber: 200,
        otherPlumber: 403,
        admin: 200,
      },
    },
    {
      name: 'GET /api/plumbers/user/:userId',
      stage: 'open',
      call: (agent) => agent.get(`/api/plumbers/user/${plumber.user.id}`),
      expected: {
        anonymous: 401,
        homeowner: 404,
        otherHomeowner: 404,
        plumber: 200,
        otherPlumber: 404,
        admin: 200,
      },
    },
    {
      name: 'GET /api/plumbers/:plumberId/ratings',
      stage: 'open',
      call: (agent) => agent.get(`/api/plumbers/${plumber.plumberId}/ratings`),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 200,
        plumber: 200,
        otherPlumber: 200,
        admin: 200,
      },
    },
    {
      name: 'GET /api/plumbers/:plumberId/average-rating',
      stage: 'open',
      call: (agent) => agent.get(`/api/plumbers/${plumber.plumberId}/average-rating`),
      expected: {
        anonymous: 401,
        homeowner: 200,
        otherHomeowner: 200,
        plumber: 200,
        otherPlumber: 200,
        admin: 200,
      },
    },
    {
      name: 'PUT /api/plumbers/me/location',
      stage: 'open',
      call: (agent) => agent.put('/api/plumbers/me/location').send({ zip: '80202', serviceRadiusKm: 30 }),
      expected: {
        anonymous: 401,
        homeowner: 403,
        otherHomeowner: 403,
        plumber: 200,
        otherPlumber: 200,
        admin: 403,
      },
    },
  ];

  const cells = routes.flatMap((route) =>
    ACTORS.map((actor) => [route.name, actor, route.expected[actor], route] as const),
  );

  it.each(cells)('%s as %s → %i', async (_name, actor, expected, route) => {
    const s = await scenario(route.stage);
    const agent = actor === 'anonymous' ? ctx.agent() : actors[actor].agent;
    const res = await route.call(agent, s);
    expect(res.status, JSON.stringify(res.body)).toBe(expected);
    if (expected >= 400) expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
  });

  it('shows a plumber only its own quote on a job, and the owner and admin every quote', async () => {
    const s = await scenario('quoted');
    await sendQuote(actors.otherPlumber, s.jobId, 120, 180);
    const count = async (agent: Agent) => (await agent.get(`/api/quotes/job/${s.jobId}`)).body.length;
    expect(await count(actors.homeowner.agent)).toBe(2);
    expect(await count(actors.admin.agent)).toBe(2);
    const own = await actors.plumber.agent.get(`/api/quotes/job/${s.jobId}`);
    expect(own.body).toEqual([expect.objectContaining({ id: s.quoteId, plumberId: plumber.plumberId })]);
    const other = await actors.otherPlumber.agent.get(`/api/quotes/job/${s.jobId}`);
    expect(other.body).toHaveLength(1);
    expect(other.body[0].plumberId).not.toBe(plumber.plumberId);
  });

  it('lists only the caller’s own jobs', async () => {
    const s = await scenario('open');
    const own = await actors.homeowner.agent.get('/api/jobs');
    expect(own.body.map((job: { id: string }) => job.id)).toContain(s.jobId);
    for (const name of ['otherHomeowner', 'plumber', 'admin'] as const) {
      const res = await actors[name].agent.get('/api/jobs');
      expect(res.body.map((job: { id: string }) => job.id)).not.toContain(s.jobId);
    }
  });
});
