import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogItemSchema } from '@shared/contracts/admin';
import { formatUsdRange } from '@shared/money';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { CATALOG_ITEMS } from './catalog';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';

/** The common residential jobs added to the catalogue with the diagnosis' wider coverage. */
const ADDED_JOBS = [
  'supply-line-hookup',
  'water-hammer-arrestor',
  'gas-line-installation',
  'gas-appliance-hookup',
  'vent-stack-repair',
  'tub-shower-drain-repair',
  'expansion-tank-installation',
  'pressure-reducing-valve',
  'recirculation-pump',
  'well-pump-repair',
  'well-pressure-tank',
  'grease-trap-service',
];
const seedOf = (slug: string) => CATALOG_ITEMS.find((item) => item.issueSlug === slug)!;
const UNIT_SUFFIX: Record<string, string> = { job: '', linear_ft: ' per linear ft' };

describe(`the added catalogue jobs (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('are seeded with a sane national range, a known unit and a category', () => {
    for (const slug of ADDED_JOBS) {
      const item = seedOf(slug);
      expect(item, slug).toBeDefined();
      expect(Number(item.baseMin), slug).toBeGreaterThan(0);
      expect(Number(item.baseMax), slug).toBeGreaterThan(Number(item.baseMin));
      expect(Object.keys(UNIT_SUFFIX), slug).toContain(item.unit);
      expect(item.category, slug).toBeTruthy();
    }
  });

  it.each(ADDED_JOBS)(
    '%s: the pricing engine estimates its national base range for routine work',
    async (slug) => {
      const item = seedOf(slug);
      const res = await ctx.request
        .get('/api/pricing/estimate')
        .query({ issueSlug: slug, urgency: 'routine' });
      expect(res.status).toBe(200);
      expect(res.body.estimatedCost).toBe(
        `${formatUsdRange(Number(item.baseMin), Number(item.baseMax))}${UNIT_SUFFIX[item.unit ?? 'job']}`,
      );
      expect(res.body.costBreakdown).toMatchObject({
        issueSlug: slug,
        issueName: item.issueName,
        category: item.category,
        unit: item.unit,
        region: { code: 'US', source: 'default' },
      });
    },
  );

  it.each(ADDED_JOBS)('%s: costs more in San Francisco and more again in an emergency', async (slug) => {
    const estimate = async (urgency: string) =>
      (await ctx.request.get('/api/pricing/estimate').query({ issueSlug: slug, zip: '94103', urgency })).body
        .costBreakdown.total;
    const routine = await estimate('routine');
    const emergency = await estimate('emergency');
    expect(routine.min).toBeGreaterThan(Number(seedOf(slug).baseMin));
    expect(emergency.min).toBeGreaterThan(routine.min);
    expect(emergency.max).toBeGreaterThan(routine.max);
  });

  it('appear, active, in the admin’s catalogue table', async () => {
    const admin = ctx.agent();
    const login = await admin
      .post('/api/auth/login')
      .send({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const items = adminCatalogItemSchema.array().parse((await admin.get('/api/pricing/catalog')).body);
    for (const slug of ADDED_JOBS) {
      const seed = seedOf(slug);
      expect(
        items.find((item) => item.issueSlug === slug),
        slug,
      ).toMatchObject({
        issueName: seed.issueName,
        baseMin: seed.baseMin,
        baseMax: seed.baseMax,
        unit: seed.unit,
        category: seed.category,
        isActive: true,
      });
    }
  });
});
