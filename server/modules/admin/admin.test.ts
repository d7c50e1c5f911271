import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGION_REPRESENTATIVE_ZIPS } from '@shared/region-representative-zips';
import { DEFAULT_REGION_CODE, regionCodeForZip } from '@shared/region-zip-prefixes';
import { jobs, pricingCatalog, users } from '@shared/schema';
import {
  ADMIN_MESSAGES,
  adminCatalogItemSchema,
  adminJobsPageSchema,
  adminModifierSchema,
  adminRegionSchema,
  adminStatsSchema,
} from '@shared/contracts/admin';
import { CATALOG_ITEMS } from '../../db/seed/catalog';
import { DEMO_JOBS, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo';
import { MODIFIERS } from '../../db/seed/modifiers';
import { REGIONS } from '../../db/seed/regions';
import { lookupZip } from '../geo';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';

type Agent = ReturnType<TestContext['agent']>;

const ADMIN_PATHS = [
  '/api/admin/stats',
  '/api/pricing/catalog',
  '/api/pricing/regions',
  '/api/pricing/modifiers',
  '/api/jobs/all',
] as const;

const SEEDED_JOB_COUNT = Object.values(DEMO_JOBS).flat().length;

describe(`admin API (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Agent;
  let homeowner: Agent;
  let plumber: Agent;

  async function loggedIn(email: string): Promise<Agent> {
    const agent = ctx.agent();
    const res = await agent.post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    [admin, homeowner, plumber] = await Promise.all([
      loggedIn(DEMO_USERS.admin.email),
      loggedIn(DEMO_USERS.homeowner.email),
      loggedIn(DEMO_USERS.plumber.email),
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('who may read the admin lists', () => {
    it.each(ADMIN_PATHS)('GET %s answers 401 to a visitor who is not logged in', async (path) => {
      const res = await ctx.request.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please log in to continue', code: 'UNAUTHENTICATED' });
    });

    it.each(ADMIN_PATHS)('GET %s answers 403 to the demo homeowner', async (path) => {
      const res = await homeowner.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'You do not have permission to do that', code: 'FORBIDDEN' });
    });

    it.each(ADMIN_PATHS)('GET %s answers 403 to the demo plumber', async (path) => {
      const res = await plumber.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'You do not have permission to do that', code: 'FORBIDDEN' });
    });

    it.each(ADMIN_PATHS)('GET %s answers 200 JSON to the demo admin', async (path) => {
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('checks the role before the query: a logged-out visitor with a bad page still gets 401', async () => {
      expect((await ctx.request.get('/api/jobs/all?page=0')).status).toBe(401);
      expect((await homeowner.get('/api/jobs/all?pageSize=1000')).status).toBe(403);
    });

    it('leaves the public pricing routes public (the guard is per route, not on the whole /api)', async () => {
      const res = await ctx.request.get('/api/pricing/estimate?issueSlug=leaky-faucet&urgency=routine');
      expect([401, 403]).not.toContain(res.status);
    });

    it('answers 401 again once the admin logs out', async () => {
      const agent = await loggedIn(DEMO_USERS.admin.email);
      expect((await agent.get('/api/admin/stats')).status).toBe(200);
      expect((await agent.post('/api/auth/logout')).status).toBe(200);
      expect((await agent.get('/api/admin/stats')).status).toBe(401);
    });
  });

  describe('the seeded reference data', () => {
    it('lists the whole pricing catalogue, grouped by category then name', async () => {
      const res = await admin.get('/api/pricing/catalog');
      const items = adminCatalogItemSchema.array().parse(res.body);
      expect(items).toHaveLength(CATALOG_ITEMS.length);
      expect(new Set(items.map((item) => item.issueSlug))).toEqual(
        new Set(CATALOG_ITEMS.map((i) => i.issueSlug)),
      );
      for (const seed of CATALOG_ITEMS) {
        const item = items.find((candidate) => candidate.issueSlug === seed.issueSlug);
        expect(item).toMatchObject({
          issueName: seed.issueName,
          baseMin: seed.baseMin,
          baseMax: seed.baseMax,
          unit: seed.unit,
          category: seed.category,
          isActive: true,
        });
      }
      const order = items.map((item) => [item.category, item.issueName].join('\u0000'));
      expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('lists every region with its indices, the national average first', async () => {
      const res = await admin.get('/api/pricing/regions');
      const list = adminRegionSchema.array().parse(res.body);
      expect(list).toHaveLength(REGIONS.length);
      expect(list[0].code).toBe(DEFAULT_REGION_CODE);
      for (const seed of REGIONS) {
        expect(list.find((region) => region.code === seed.code)).toMatchObject({
          name: seed.name,
          state: seed.state,
          metro: seed.metro,
          laborIndex: seed.laborIndex,
          materialIndex: seed.materialIndex,
          currency: 'USD',
          isActive: true,
        });
      }
      const metros = list.slice(1).map((region) => region.name);
      expect(metros).toEqual([...metros].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('lists every modifier with its type and values', async () => {
      const res = await admin.get('/api/pricing/modifiers');
      const list = adminModifierSchema.array().parse(res.body);
      expect(list).toHaveLength(MODIFIERS.length);
      for (const seed of MODIFIERS) {
        expect(list.find((modifier) => modifier.key === seed.key)).toEqual(
          expect.objectContaining({
            name: seed.name,
            type: seed.type,
            description: seed.description,
            valuesJson: seed.valuesJson,
            isActive: true,
          }),
        );
      }
    });

    it('has a real ZIP inside each seeded metro for the estimate preview', () => {
      const metros = REGIONS.filter((region) => region.code !== DEFAULT_REGION_CODE);
      expect(Object.keys(REGION_REPRESENTATIVE_ZIPS).sort()).toEqual(
        metros.map((region) => region.code).sort(),
      );
      for (const region of metros) {
        const zip = REGION_REPRESENTATIVE_ZIPS[region.code];
        expect(regionCodeForZip(zip), zip).toBe(region.code);
        expect(lookupZip(zip)?.state, zip).toBe(region.state);
      }
    });
  });

  describe('GET /api/jobs/all', () => {
    it('answers the first page of 20 by default, newest first, with the total', async () => {
      const res = await admin.get('/api/jobs/all');
      const body = adminJobsPageSchema.parse(res.body);
      expect(body).toMatchObject({ page: 1, pageSize: 20, total: SEEDED_JOB_COUNT });
      expect(body.items).toHaveLength(SEEDED_JOB_COUNT);
      const times = body.items.map((job) => Date.parse(job.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('pages through every job exactly once', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(SEEDED_JOB_COUNT / 2); page++) {
        const res = await admin.get(`/api/jobs/all?page=${page}&pageSize=2`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ page, pageSize: 2, total: SEEDED_JOB_COUNT });
        expect(res.body.items.length).toBe(Math.min(2, SEEDED_JOB_COUNT - (page - 1) * 2));
        seen.push(...res.body.items.map((job: { id: string }) => job.id));
      }
      expect(new Set(seen).size).toBe(SEEDED_JOB_COUNT);
    });

    it('answers an empty page past the end, and accepts the largest page size', async () => {
      const past = await admin.get('/api/jobs/all?page=99&pageSize=100');
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ items: [], page: 99, pageSize: 100, total: SEEDED_JOB_COUNT });
      const largest = await admin.get('/api/jobs/all?pageSize=100');
      expect(largest.status).toBe(200);
      expect(largest.body.items).toHaveLength(SEEDED_JOB_COUNT);
    });

    it.each([
      ['page=0', ADMIN_MESSAGES.pageInvalid],
      ['page=-1', ADMIN_MESSAGES.pageInvalid],
      ['page=1.5', ADMIN_MESSAGES.pageInvalid],
      ['page=abc', ADMIN_MESSAGES.pageInvalid],
      ['page=', ADMIN_MESSAGES.pageInvalid],
      ['page=1e3', ADMIN_MESSAGES.pageInvalid],
      ['page=1&page=2', ADMIN_MESSAGES.pageInvalid],
      ['page=99999999', ADMIN_MESSAGES.pageInvalid],
      ['pageSize=0', ADMIN_MESSAGES.pageSizeInvalid],
      ['pageSize=101', ADMIN_MESSAGES.pageSizeInvalid],
      ['pageSize=ten', ADMIN_MESSAGES.pageSizeInvalid],
      ['pageSize=-5', ADMIN_MESSAGES.pageSizeInvalid],
    ])('refuses ?%s with 400 and the exact message', async (query, message) => {
      const res = await admin.get(`/api/jobs/all?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    });
  });

  describe('GET /api/admin/stats', () => {
    it('counts the seeded data', async () => {
      const res = await admin.get('/api/admin/stats');
      // The figures below the cards have their own fixture: admin-figures.test.ts.
      expect(adminStatsSchema.parse(res.body)).toMatchObject({
        activeJobs: SEEDED_JOB_COUNT,
        completedJobs: 0,
        cancelledJobs: 0,
        totalJobs: SEEDED_JOB_COUNT,
        serviceTypes: CATALOG_ITEMS.length,
        regions: REGIONS.length,
        modifiers: MODIFIERS.length,
      });
    });

    // Changes the data: kept last.
    it('counts jobs by status in the database: completed and cancelled are not active', async () => {
      const db = ctx.database.db;
      const [customer] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_USERS.neighbor.email));
      const base = {
        customerId: customer.id,
        issueSlug: 'leaky-faucet',
        issueDescription: 'A test job for the admin counts.',
        address: '1 Test St, Austin, TX 78701',
      };
      const added = await db
        .insert(jobs)
        .values([
          { ...base, currentStatus: 'completed' },
          { ...base, currentStatus: 'completed' },
          { ...base, currentStatus: 'cancelled' },
          { ...base, currentStatus: 'in_progress' },
          { ...base, currentStatus: 'draft' },
          { ...base, currentStatus: 'scheduled' },
        ])
        .returning({ id: jobs.id });
      await db
        .update(pricingCatalog)
        .set({ isActive: false })
        .where(eq(pricingCatalog.issueSlug, 'drain-cleaning'));

      const stats = (await admin.get('/api/admin/stats')).body;
      expect(stats).toMatchObject({
        activeJobs: SEEDED_JOB_COUNT + 3,
        completedJobs: 2,
        cancelledJobs: 1,
        totalJobs: SEEDED_JOB_COUNT + 6,
        // The catalogue size counts inactive rows too.
        serviceTypes: CATALOG_ITEMS.length,
      });
      const catalog = (await admin.get('/api/pricing/catalog')).body as Array<{
        issueSlug: string;
        isActive: boolean;
      }>;
      expect(catalog.find((item) => item.issueSlug === 'drain-cleaning')?.isActive).toBe(false);

      const page = (await admin.get('/api/jobs/all?pageSize=100')).body;
      expect(page.total).toBe(SEEDED_JOB_COUNT + 6);
      expect(
        page.items
          .slice(0, 6)
          .map((job: { id: string }) => job.id)
          .sort(),
      ).toEqual(added.map((job) => job.id).sort());

      await db.delete(jobs).where(
        inArray(
          jobs.id,
          added.map((job) => job.id),
        ),
      );
      await db
        .update(pricingCatalog)
        .set({ isActive: true })
        .where(eq(pricingCatalog.issueSlug, 'drain-cleaning'));
    });
  });
});
