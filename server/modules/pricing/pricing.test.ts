import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingCatalog, regions } from '@shared/schema';
import { FIELD_MESSAGES } from '@shared/contracts/common';
import { estimateResponseSchema } from '@shared/contracts/pricing';
import { CATALOG_ITEMS } from '../../db/seed/catalog';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { createPricingService } from './pricing.service';

describe(`pricing (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/pricing/estimate', () => {
    it('prices an issue for a metro ZIP with urgency', async () => {
      const res = await ctx.request
        .get('/api/pricing/estimate')
        .query({ issueSlug: 'leaky-faucet', zip: '10001', urgency: 'urgent' });
      expect(res.status).toBe(200);
      expect(estimateResponseSchema.parse(res.body)).toEqual(res.body);
      // Fixtures 60% labour: 0.6 × 1.48 + 0.4 × 1.12 = 1.336; × 1.25 → 167 → $165, 501 → $500.
      expect(res.body.estimatedCost).toBe('$165 - $500');
      expect(res.body.costBreakdown).toMatchObject({
        issueSlug: 'leaky-faucet',
        issueName: 'Leaky Faucet Repair',
        base: { min: 100, max: 300 },
        region: { code: 'NYC', source: 'zip', zip: '10001', laborIndex: 1.48, materialIndex: 1.12 },
        regionalMultiplier: 1.336,
        modifiers: [{ key: 'urgency', value: 1.25 }],
        total: { min: 165, max: 500 },
      });
    });

    it('uses the national default without a ZIP, with routine urgency by default', async () => {
      const res = await ctx.request.get('/api/pricing/estimate').query({ issueSlug: 'clogged-toilet' });
      expect(res.status).toBe(200);
      expect(res.body.estimatedCost).toBe('$100 - $275');
      expect(res.body.costBreakdown.region).toMatchObject({ code: 'US', source: 'default' });
      expect(res.body.costBreakdown.region.zip).toBeUndefined();
    });

    it('uses the national default for a ZIP no metro covers', async () => {
      const res = await ctx.request
        .get('/api/pricing/estimate')
        .query({ issueSlug: 'clogged-toilet', zip: '59001', urgency: 'emergency' });
      expect(res.body.costBreakdown.region).toMatchObject({ code: 'US', source: 'default', zip: '59001' });
      // 100 × 1.75 = 175; 275 × 1.75 = 481.25 → 480.
      expect(res.body.estimatedCost).toBe('$175 - $480');
    });

    it('answers 404 for an unknown issue', async () => {
      const res = await ctx.request.get('/api/pricing/estimate').query({ issueSlug: 'roof-repair' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Unknown issue type', code: 'NOT_FOUND' });
    });

    it.each([
      [{ issueSlug: 'leaky-faucet', zip: '1234' }, FIELD_MESSAGES.zip],
      [{ issueSlug: 'leaky-faucet', zip: 'abcde' }, FIELD_MESSAGES.zip],
      [{}, FIELD_MESSAGES.issueTypeRequired],
      [{ issueSlug: 'Leaky Faucet' }, FIELD_MESSAGES.issueSlug],
      [{ issueSlug: 'leaky-faucet', urgency: 'whenever' }, FIELD_MESSAGES.urgencyInvalid],
    ])('refuses %o with 400 "%s"', async (query, message) => {
      const res = await ctx.request.get('/api/pricing/estimate').query(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    });
  });

  describe('pricing service', () => {
    it('lists the active catalogue, sorted by slug', async () => {
      const issues = await createPricingService(ctx.database.db).listActiveIssues();
      expect(issues).toHaveLength(CATALOG_ITEMS.length);
      expect(issues.map((i) => i.issueSlug)).toEqual(CATALOG_ITEMS.map((i) => i.issueSlug).sort());
      expect(issues[0]).toEqual({
        issueSlug: 'backflow-testing',
        issueName: 'Backflow Testing',
        category: 'Inspection',
      });
    });

    it('caches reference data for its TTL, then sees changes (inactive items and regions)', async () => {
      let clock = 0;
      const service = createPricingService(ctx.database.db, { cacheTtlMs: 1_000, now: () => clock });
      expect(await service.estimate({ issueSlug: 'backflow-testing', urgency: 'routine' })).not.toBeNull();
      const chi = await service.estimate({ issueSlug: 'backflow-testing', zip: '60601', urgency: 'routine' });
      expect(chi?.costBreakdown.region.code).toBe('CHI');

      await ctx.database.db
        .update(pricingCatalog)
        .set({ isActive: false })
        .where(eq(pricingCatalog.issueSlug, 'backflow-testing'));
      await ctx.database.db.update(regions).set({ isActive: false }).where(eq(regions.code, 'CHI'));
      try {
        clock = 999;
        expect(await service.estimate({ issueSlug: 'backflow-testing', urgency: 'routine' })).not.toBeNull();
        clock = 1_000;
        expect(await service.estimate({ issueSlug: 'backflow-testing', urgency: 'routine' })).toBeNull();
        const fresh = await createPricingService(ctx.database.db, { cacheTtlMs: 0 }).estimate({
          issueSlug: 'leaky-faucet',
          zip: '60601',
          urgency: 'routine',
        });
        expect(fresh?.costBreakdown.region).toMatchObject({ code: 'US', source: 'default', zip: '60601' });
      } finally {
        await ctx.database.db
          .update(pricingCatalog)
          .set({ isActive: true })
          .where(eq(pricingCatalog.issueSlug, 'backflow-testing'));
        await ctx.database.db.update(regions).set({ isActive: true }).where(eq(regions.code, 'CHI'));
      }
    });
  });
});
