import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, routeKey } from '@shared/contracts';
import { defineRoute } from '@shared/contracts/http';
import { CONTRACT_VIOLATION_MESSAGE, checkResponseContracts } from './lib/contract';
import { createLogger } from './lib/logger';
import { listRoutes } from './test/list-routes';
import { ROUTE_MANIFEST } from './test/route-manifest';
import { createTestContext, testDatabaseKind, type TestContext } from './test/test-context';

/**
 * Every API route has one contract in shared/contracts, and in tests every successful answer is
 * checked against it (`checkResponseContracts`): so the API tests, the access matrix above all,
 * prove that each route answers what its contract says.
 */
describe(`route contracts (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const contractKeys = apiRoutes.map(routeKey);

  it('gives every API route of the app exactly one contract, and every contract a route', () => {
    const appKeys = listRoutes(ctx.app)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(contractKeys).size).toBe(contractKeys.length);
    expect([...contractKeys].sort()).toEqual([...appKeys].sort());
  });

  it('covers every API route of the route manifest', () => {
    const manifestApiKeys = new Set(
      ROUTE_MANIFEST.map((entry) => entry.route).filter((key) => key.includes(' /api/')),
    );
    expect([...manifestApiKeys].filter((key) => !contractKeys.includes(key))).toEqual([]);
  });

  it('checks the answers of the app under test', async () => {
    const res = await ctx.request.get('/api/config/public');
    expect(res.status).toBe(200);
    expect(apiRoutes.find((route) => route.path === '/api/config/public')?.response.parse(res.body)).toEqual(
      res.body,
    );
  });
});

describe('checkResponseContracts', () => {
  const itemRoute = defineRoute({
    method: 'GET',
    path: '/api/items/:itemId',
    response: z.object({ id: z.string(), createdAt: z.iso.datetime() }),
  });
  const createRoute = defineRoute({
    method: 'POST',
    path: '/api/items',
    response: z.object({ id: z.string() }),
    status: 201,
  });

  function appAnswering(handler: express.RequestHandler, method: 'get' | 'post', path: string) {
    const app = express();
    const api = express.Router();
    api.use(checkResponseContracts([itemRoute, createRoute], createLogger('silent')));
    const items = express.Router();
    items[method](path, handler);
    api.use('/items', items);
    app.use('/api', api);
    return supertest(app);
  }

  it('lets a matching answer through, dates as the JSON strings the client reads', async () => {
    const request = appAnswering(
      (_req, res) => void res.json({ id: 'a', createdAt: new Date('2026-01-02T03:04:05Z') }),
      'get',
      '/:itemId',
    );
    const res = await request.get('/api/items/a');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'a', createdAt: '2026-01-02T03:04:05.000Z' });
  });

  it('turns an answer that does not match into a 500 naming the problem', async () => {
    const request = appAnswering((_req, res) => void res.json({ id: 1 }), 'get', '/:itemId');
    const res = await request.get('/api/items/a');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: CONTRACT_VIOLATION_MESSAGE, code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(res.body.details)).toContain('id');
  });

  it('refuses a success status other than the contract says', async () => {
    // A router's '/' route is named by its mount path alone.
    const request = appAnswering((_req, res) => void res.json({ id: 'a' }), 'post', '/');
    const res = await request.post('/api/items');
    expect(res.status).toBe(500);
    expect(res.body.details).toBe('status 200, the contract says 201');
  });

  it('refuses a route without a contract, and leaves error answers alone', async () => {
    const unlisted = appAnswering((_req, res) => void res.json({}), 'get', '/:itemId/extra');
    expect((await unlisted.get('/api/items/a/extra')).body.details).toBe('no contract for this route');
    const failing = appAnswering(
      (_req, res) => void res.status(404).json({ error: 'gone' }),
      'get',
      '/:itemId',
    );
    const res = await failing.get('/api/items/a');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'gone' });
  });
});
