import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { URGENCIES } from '@shared/constants';
import { addCalendarDays, todayIn } from '@shared/dates';
import { representativeZipFor } from '@shared/region-representative-zips';
import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import { ADMIN_PRICING_MESSAGES } from '@shared/contracts/admin-pricing';
import { AUDIT_MESSAGES } from '@shared/contracts/audit';
import { FIELD_MESSAGES } from '@shared/contracts/common';
import { PRICING_MESSAGES, type EstimateResponse } from '@shared/contracts/pricing';
import { auditLog, jobs, modifiers, pricingCatalog, regions } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { backfillJobEstimates } from '../jobs/job-estimates';
import { createJob, loginAdmin, registerActor, type Actor, type Agent } from '../jobs/marketplace.fixtures';
import { createPricingService } from './pricing.service';
import { estimateNow } from './pricing.reference';

const M = ADMIN_PRICING_MESSAGES;
const REASON = 'Supplier prices went up this quarter';

describe(`admin pricing edits (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;
  let homeowner: Actor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    admin = await loginAdmin(ctx);
    homeowner = await registerActor(ctx, 'homeowner');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let counter = 0;
  /** A slug (code, key) nobody else uses. */
  const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
  const freshCode = () => `T${Date.now().toString(36).slice(-5).toUpperCase()}${(counter += 1)}`;

  const newItem = (overrides: Record<string, unknown> = {}) => ({
    issueSlug: fresh('test-issue'),
    issueName: 'Test Issue Repair',
    baseMin: '120',
    baseMax: 340,
    unit: 'job',
    category: 'Fixtures',
    notes: 'For the tests',
    reason: REASON,
    ...overrides,
  });

  async function auditRows(entityId: string) {
    return ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  }

  const estimate = async (issueSlug: string, urgency: string, zip?: string) =>
    ctx.request.get('/api/pricing/estimate').query({ issueSlug, urgency, ...(zip ? { zip } : {}) });

  async function createItem(agent: Agent = admin.agent, overrides: Record<string, unknown> = {}) {
    const body = newItem(overrides);
    const res = await agent.post('/api/admin/pricing/catalog').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; issueSlug: string };
  }

  describe('catalogue items', () => {
    it('creates an item with its audit row, and the estimate API prices it at once', async () => {
      const body = newItem();
      const res = await admin.agent.post('/api/admin/pricing/catalog').send(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        issueSlug: body.issueSlug,
        baseMin: '120.00',
        baseMax: '340.00',
        notes: 'For the tests',
        isActive: true,
      });
      const [row] = await auditRows(body.issueSlug);
      expect(row).toMatchObject({
        actorId: admin.user.id,
        actorEmail: admin.user.email,
        action: 'pricing.catalog.create',
        entityType: 'catalog_item',
        before: null,
        after: res.body,
        reason: REASON,
      });
      const priced = await estimate(body.issueSlug, 'routine');
      expect(priced.status).toBe(200);
      expect(priced.body.costBreakdown.base).toEqual({ min: 120, max: 340 });
    });

    it('edits an item: the change, the audit row (before and after) and the new price', async () => {
      const item = await createItem();
      const res = await admin.agent
        .patch(`/api/admin/pricing/catalog/${item.issueSlug}`)
        .send({ baseMax: '400.5', issueName: 'Renamed Repair', reason: 'Matching the market' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ baseMin: '120.00', baseMax: '400.50', issueName: 'Renamed Repair' });
      const rows = await auditRows(item.issueSlug);
      const update = rows.find((row) => row.action === 'pricing.catalog.update');
      expect(update).toMatchObject({
        before: expect.objectContaining({ baseMax: '340.00', issueName: 'Test Issue Repair' }),
        after: res.body,
        reason: 'Matching the market',
      });
      expect((await estimate(item.issueSlug, 'routine')).body.costBreakdown.base).toEqual({
        min: 120,
        max: 400.5,
      });
    });

    it.each([
      [{ reason: undefined }, AUDIT_MESSAGES.reasonMin],
      [{ reason: ' ab ' }, AUDIT_MESSAGES.reasonMin],
      [{ issueSlug: 'Not A Slug' }, FIELD_MESSAGES.issueSlug],
      [{ baseMin: '500', baseMax: '100' }, PRICING_MESSAGES.baseMinAboveMax],
      [{ baseMin: '-1' }, PRICING_MESSAGES.basePriceFormat],
      [{ baseMax: '10.555' }, PRICING_MESSAGES.basePriceFormat],
      [{ baseMax: '' }, PRICING_MESSAGES.baseMaxRequired],
      [{ unit: 'per job' }, M.unitFormat],
      [{ issueName: '  ' }, PRICING_MESSAGES.issueNameRequired],
    ])('refuses a creation with %o: 400 "%s", nothing written', async (overrides, message) => {
      const body = newItem(overrides);
      const res = await admin.agent.post('/api/admin/pricing/catalog').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      const [row] = await ctx.database.db
        .select()
        .from(pricingCatalog)
        .where(eq(pricingCatalog.issueSlug, String(body.issueSlug)));
      expect(row).toBeUndefined();
    });

    it('refuses edits that break a rule once merged with the saved row, or change nothing', async () => {
      const item = await createItem();
      const path = `/api/admin/pricing/catalog/${item.issueSlug}`;
      const cases: Array<[object, string]> = [
        // Only the minimum is sent: above the saved maximum (340).
        [{ baseMin: '341', reason: REASON }, PRICING_MESSAGES.baseMinAboveMax],
        [{ reason: REASON }, M.nothingToChange],
        [{ isActive: false, reason: REASON }, M.reinstateOnly],
        [{ baseMin: 120, notes: 'For the tests', reason: REASON }, M.unchanged],
      ];
      for (const [body, message] of cases) {
        const res = await admin.agent.patch(path).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      }
      expect((await auditRows(item.issueSlug)).map((row) => row.action)).toEqual(['pricing.catalog.create']);
    });

    it('answers 404 for an unknown slug and 409 for a taken one or a second retirement', async () => {
      for (const [method, path, body] of [
        ['patch', '/api/admin/pricing/catalog/no-such-issue', { baseMin: 1, reason: REASON }],
        ['post', '/api/admin/pricing/catalog/no-such-issue/retire', { reason: REASON }],
      ] as const) {
        const res = await admin.agent[method](path).send(body);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 'NOT_FOUND', error: M.catalogItemNotFound });
      }
      const taken = await admin.agent
        .post('/api/admin/pricing/catalog')
        .send(newItem({ issueSlug: 'leaky-faucet' }));
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ code: 'CONFLICT', error: M.issueSlugTaken });

      const item = await createItem();
      const retire = () =>
        admin.agent
          .post(`/api/admin/pricing/catalog/${item.issueSlug}/retire`)
          .send({ reason: 'No longer offered' });
      expect((await retire()).body).toMatchObject({ isActive: false });
      const again = await retire();
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ code: 'CONFLICT', error: M.catalogItemRetired });
      expect((await auditRows(item.issueSlug)).map((row) => row.action).sort()).toEqual([
        'pricing.catalog.create',
        'pricing.catalog.retire',
      ]);
    });

    it('writes the change and its audit row together or not at all', async () => {
      const item = await createItem();
      // The audit insert fails (a fault put in the database for this test): the edit must roll back.
      await ctx.database.pool.query(`
        create function refuse_test_audit() returns trigger language plpgsql as $$
        begin
          if new.reason = 'make the audit row fail' then raise exception 'audit refused by the test'; end if;
          return new;
        end $$`);
      await ctx.database.pool.query(
        'create trigger refuse_test_audit_trg before insert on audit_log for each row execute function refuse_test_audit()',
      );
      try {
        const res = await admin.agent
          .patch(`/api/admin/pricing/catalog/${item.issueSlug}`)
          .send({ baseMax: '999', reason: 'make the audit row fail' });
        expect(res.status).toBe(500);
      } finally {
        await ctx.database.pool.query('drop trigger refuse_test_audit_trg on audit_log');
        await ctx.database.pool.query('drop function refuse_test_audit()');
      }
      const [row] = await ctx.database.db
        .select()
        .from(pricingCatalog)
        .where(eq(pricingCatalog.issueSlug, item.issueSlug));
      expect(row.baseMax).toBe('340.00');
      expect((await auditRows(item.issueSlug)).map((entry) => entry.action)).toEqual([
        'pricing.catalog.create',
      ]);
    });
  });

  describe('regions and modifiers', () => {
    const newRegion = (overrides: Record<string, unknown> = {}) => ({
      code: freshCode(),
      name: 'Test Metro',
      state: 'co',
      metro: 'Test–Metro Area',
      laborIndex: '1.2',
      materialIndex: 1.05,
      timeZone: 'America/Denver',
      reason: REASON,
      ...overrides,
    });

    it('creates, edits, retires and reinstates a region, each with its audit row', async () => {
      const body = newRegion();
      const created = await admin.agent.post('/api/admin/pricing/regions').send(body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        code: body.code,
        state: 'CO',
        laborIndex: '1.200',
        materialIndex: '1.050',
        timeZone: 'America/Denver',
        currency: 'USD',
        isActive: true,
      });
      const path = `/api/admin/pricing/regions/${body.code.toLowerCase()}`;
      const edited = await admin.agent.patch(path).send({ timeZone: 'America/Phoenix', reason: REASON });
      expect(edited.body).toMatchObject({ timeZone: 'America/Phoenix' });
      expect((await admin.agent.post(`${path}/retire`).send({ reason: REASON })).body.isActive).toBe(false);
      const back = await admin.agent.patch(path).send({ isActive: true, reason: 'Serving it again' });
      expect(back.body.isActive).toBe(true);
      expect((await auditRows(body.code)).map((row) => [row.entityType, row.action]).sort()).toEqual([
        ['region', 'pricing.region.create'],
        ['region', 'pricing.region.reinstate'],
        ['region', 'pricing.region.retire'],
        ['region', 'pricing.region.update'],
      ]);
    });

    it('refuses a bad time zone, code or index, a taken code, an unknown code and retiring the national average', async () => {
      for (const [overrides, message] of [
        [{ timeZone: 'Mars/Olympus' }, M.timeZoneInvalid],
        [{ timeZone: '+05:00' }, M.timeZoneInvalid],
        [{ code: '1AB' }, M.regionCodeFormat],
        [{ laborIndex: '0' }, PRICING_MESSAGES.indexFormat],
        [{ materialIndex: '100' }, PRICING_MESSAGES.indexFormat],
        [{ state: 'Colorado' }, PRICING_MESSAGES.stateLength],
      ] as const) {
        const res = await admin.agent.post('/api/admin/pricing/regions').send(newRegion(overrides));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      const taken = await admin.agent.post('/api/admin/pricing/regions').send(newRegion({ code: 'NYC' }));
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe(M.regionCodeTaken);
      const unknown = await admin.agent
        .patch('/api/admin/pricing/regions/ZZZ9')
        .send({ name: 'X', reason: REASON });
      expect(unknown.status).toBe(404);
      const national = await admin.agent
        .post(`/api/admin/pricing/regions/${DEFAULT_REGION_CODE}/retire`)
        .send({ reason: REASON });
      expect(national.status).toBe(409);
      expect(national.body.error).toBe(M.defaultRegionKept);
    });

    it('creates and edits modifiers whose values fit their type, and refuses those that do not', async () => {
      const key = fresh('test_mod').replace(/-/g, '_');
      const body = { key, type: 'flat', name: 'Test fee', valuesJson: { amount: 75 }, reason: REASON };
      const created = await admin.agent.post('/api/admin/pricing/modifiers').send(body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        key,
        type: 'flat',
        valuesJson: { amount: 75 },
        description: null,
      });
      const path = `/api/admin/pricing/modifiers/${created.body.id}`;

      const cases: Array<[string, object, string]> = [
        ['post', { ...body, key: `${key}_b`, valuesJson: { multiplier: 2 } }, M.flatValues],
        [
          'post',
          { ...body, key: `${key}_c`, type: 'multiplier', valuesJson: { multiplier: 11 } },
          M.multiplierRange,
        ],
        ['post', { ...body, key: `${key}_d`, valuesJson: { amount: 1e9 } }, M.amountRange],
        ['post', { ...body, key: 'Bad Key' }, M.modifierKeyFormat],
        ['post', { ...body, key: 'urgency' }, M.urgencyNotFlat],
        // The type changes, the values do not: checked against the modifier as it would be.
        ['patch', { type: 'multiplier', reason: REASON }, M.multiplierValues],
      ];
      for (const [method, payload, message] of cases) {
        const res =
          method === 'post'
            ? await admin.agent.post('/api/admin/pricing/modifiers').send(payload)
            : await admin.agent.patch(path).send(payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      const taken = await admin.agent.post('/api/admin/pricing/modifiers').send({ ...body });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe(M.modifierKeyTaken);

      const edited = await admin.agent
        .patch(path)
        .send({ type: 'multiplier', valuesJson: { multiplier: 1.3 }, reason: REASON });
      expect(edited.body).toMatchObject({ type: 'multiplier', valuesJson: { multiplier: 1.3 } });
      const urgency = await ctx.database.db.select().from(modifiers).where(eq(modifiers.key, 'urgency'));
      const badUrgency = await admin.agent
        .patch(`/api/admin/pricing/modifiers/${urgency[0].id}`)
        .send({ valuesJson: { routine: 1, urgent: 1.3 }, reason: REASON });
      expect(badUrgency.body.error).toBe(M.urgencyValues);
      const unknown = await admin.agent
        .post('/api/admin/pricing/modifiers/00000000-0000-4000-8000-000000000000/retire')
        .send({ reason: REASON });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe(M.modifierNotFound);
      expect((await auditRows(key)).map((row) => row.action).sort()).toEqual([
        'pricing.modifier.create',
        'pricing.modifier.update',
      ]);
    });
  });

  describe('impact preview', () => {
    const preview = (body: object) => admin.agent.post('/api/admin/pricing/preview').send(body);
    /**
     * Regions a homeowner's ZIP reaches: the seeded ones (regions these tests create have no ZIP
     * codes, so only the preview prices them).
     */
    const reachable = (regionCode: string) =>
      regionCode === DEFAULT_REGION_CODE || representativeZipFor(regionCode) !== undefined;
    /** What a homeowner in `regionCode` is quoted: by the region's representative ZIP, or without one. */
    const quotedIn = (issueSlug: string, regionCode: string, urgency: string) =>
      estimate(
        issueSlug,
        urgency,
        regionCode === DEFAULT_REGION_CODE ? undefined : representativeZipFor(regionCode),
      );

    it('prices an item edit in every active region and urgency, and the saved change matches it', async () => {
      const change = { baseMin: '110', baseMax: '330', reason: 'Cheaper parts' };
      const before = await ctx.database.db.select().from(regions).where(eq(regions.isActive, true));
      const res = await preview({ change: 'updateCatalogItem', issueSlug: 'clogged-toilet', values: change });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.rows as Array<{
        regionCode: string;
        urgency: string;
        before: { min: number; max: number; estimatedCost: string };
        after: { min: number; max: number; estimatedCost: string };
        change: { minPercent: number; maxPercent: number };
      }>;
      expect(rows).toHaveLength(before.length * URGENCIES.length);
      expect(rows[0].regionCode).toBe(DEFAULT_REGION_CODE);
      expect(rows.filter((row) => reachable(row.regionCode)).length).toBeGreaterThan(5 * URGENCIES.length);
      // Nothing was written by the preview.
      expect((await estimate('clogged-toilet', 'routine')).body.costBreakdown.base).toEqual({
        min: 100,
        max: 275,
      });
      expect(await auditRows('clogged-toilet')).toEqual([]);

      for (const row of rows.filter((candidate) => reachable(candidate.regionCode))) {
        const now = await quotedIn('clogged-toilet', row.regionCode, row.urgency);
        expect(row.before, `${row.regionCode} ${row.urgency}`).toEqual({
          ...now.body.costBreakdown.total,
          estimatedCost: now.body.estimatedCost,
        });
      }
      const saved = await admin.agent.patch('/api/admin/pricing/catalog/clogged-toilet').send(change);
      expect(saved.status).toBe(200);
      for (const row of rows.filter((candidate) => reachable(candidate.regionCode))) {
        const after = await quotedIn('clogged-toilet', row.regionCode, row.urgency);
        expect(row.after, `${row.regionCode} ${row.urgency}`).toEqual({
          ...after.body.costBreakdown.total,
          estimatedCost: after.body.estimatedCost,
        });
        expect(row.change.minPercent).toBeCloseTo(
          ((row.after.min - row.before.min) / row.before.min) * 100,
          1,
        );
      }
    });

    it('prices a region edit on the sample items, and a retired region at the national average', async () => {
      const res = await preview({ change: 'updateRegion', code: 'CHI', values: { laborIndex: '1.5' } });
      expect(res.status).toBe(200);
      expect(new Set(res.body.rows.map((row: { issueSlug: string }) => row.issueSlug))).toEqual(
        new Set(['clogged-drain', 'leaky-faucet', 'water-heater-replacement']),
      );
      const retire = await preview({ change: 'retireRegion', code: 'CHI' });
      for (const row of retire.body.rows) {
        const national = await estimate(row.issueSlug, row.urgency);
        expect(row.after.estimatedCost).toBe(national.body.estimatedCost);
      }

      const saved = await admin.agent
        .patch('/api/admin/pricing/regions/CHI')
        .send({ laborIndex: '1.5', reason: REASON });
      expect(saved.status).toBe(200);
      for (const row of res.body.rows) {
        const after = await quotedIn(row.issueSlug, 'CHI', row.urgency);
        expect(row.after).toEqual({
          ...after.body.costBreakdown.total,
          estimatedCost: after.body.estimatedCost,
        });
      }
    });

    it('prices a modifier edit with the modifier applied, as the pricing engine then does', async () => {
      const [afterHours] = await ctx.database.db
        .select()
        .from(modifiers)
        .where(eq(modifiers.key, 'after_hours'));
      const values = { valuesJson: { multiplier: 1.6 } };
      const res = await preview({ change: 'updateModifier', modifierId: afterHours.id, values });
      expect(res.status).toBe(200);
      expect(res.body.rows[0]).toMatchObject({ issueSlug: 'leaky-faucet', modifierKeys: ['after_hours'] });
      await admin.agent
        .patch(`/api/admin/pricing/modifiers/${afterHours.id}`)
        .send({ ...values, reason: REASON });
      const engine = createPricingService(ctx.database.db, { cacheTtlMs: 0 });
      for (const row of res.body.rows.filter((candidate: { regionCode: string }) =>
        reachable(candidate.regionCode),
      )) {
        const priced = await engine.estimate({
          issueSlug: row.issueSlug,
          zip: row.regionCode === DEFAULT_REGION_CODE ? undefined : representativeZipFor(row.regionCode),
          urgency: row.urgency,
          modifierKeys: ['after_hours'],
        });
        expect(row.after).toEqual({ ...priced!.costBreakdown.total, estimatedCost: priced!.estimatedCost });
      }
    });

    it('previews a new item (nothing before) and a retirement (nothing after), with the edits’ refusals', async () => {
      const created = await preview({ change: 'createCatalogItem', values: newItem() });
      expect(created.status).toBe(200);
      expect(
        created.body.rows.every((row: { before: unknown; change: unknown }) => !row.before && !row.change),
      ).toBe(true);
      const retired = await preview({ change: 'retireCatalogItem', issueSlug: 'leaky-faucet' });
      expect(
        retired.body.rows.every((row: { after: unknown; before: unknown }) => !row.after && row.before),
      ).toBe(true);
      expect((await preview({ change: 'retireCatalogItem', issueSlug: 'no-such-issue' })).status).toBe(404);
      expect((await preview({ change: 'createRegion', values: newRegionFor('NYC') })).status).toBe(409);
      const bad = await preview({
        change: 'updateCatalogItem',
        issueSlug: 'leaky-faucet',
        values: { baseMin: '9999' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(PRICING_MESSAGES.baseMinAboveMax);
      const what = await preview({ change: 'deleteEverything' });
      expect(what.status).toBe(400);
      expect(what.body.error).toBe(M.previewChangeInvalid);
    });

    const newRegionFor = (code: string) => ({
      code,
      name: 'Anywhere',
      state: 'NY',
      laborIndex: 1,
      materialIndex: 1,
      timeZone: 'America/New_York',
    });
  });

  describe('the cache of every instance', () => {
    it('drops when an edit commits, told by pricing_changed (a listener with a long TTL)', async () => {
      const listening = createPricingService(ctx.database.db, {
        cacheTtlMs: 3_600_000,
        listen: ctx.database.listen,
      });
      await listening.startListening();
      try {
        const item = await createItem();
        const first = await listening.estimate({ issueSlug: item.issueSlug, urgency: 'routine' });
        expect(first?.costBreakdown.base.max).toBe(340);
        const saved = await admin.agent
          .patch(`/api/admin/pricing/catalog/${item.issueSlug}`)
          .send({ baseMax: '360', reason: REASON });
        expect(saved.status).toBe(200);
        await expect
          .poll(
            async () =>
              (await listening.estimate({ issueSlug: item.issueSlug, urgency: 'routine' }))?.costBreakdown
                .base.max,
            {
              timeout: 5_000,
            },
          )
          .toBe(360);
      } finally {
        await listening.stopListening();
      }
    });
  });

  describe('estimates kept by jobs', () => {
    const storedEstimateOf = async (jobId: string) =>
      (await ctx.database.db.select({ estimate: jobs.estimate }).from(jobs).where(eq(jobs.id, jobId)))[0]
        .estimate as EstimateResponse | null;

    it('stores the estimate a job is posted with; a price change after it leaves the job’s figures', async () => {
      const item = await createItem();
      const address = '1600 Glenarm Pl, Denver, CO 80202';
      const job = await createJob(ctx, homeowner.user.id, {
        issueSlug: item.issueSlug,
        address,
        urgency: 'urgent',
      });
      const quoted = await estimate(item.issueSlug, 'urgent', '80202');
      expect(await storedEstimateOf(job.id)).toEqual(quoted.body);
      const shown = {
        min: quoted.body.costBreakdown.total.min,
        max: quoted.body.costBreakdown.total.max,
        estimatedCost: quoted.body.estimatedCost,
      };

      const saved = await admin.agent
        .patch(`/api/admin/pricing/catalog/${item.issueSlug}`)
        .send({ baseMin: '200', baseMax: '600', reason: REASON });
      expect(saved.status).toBe(200);
      const repriced = await estimate(item.issueSlug, 'urgent', '80202');
      expect(repriced.body.estimatedCost).not.toBe(quoted.body.estimatedCost);

      const mine = await homeowner.agent.get('/api/jobs');
      expect(mine.body.find((candidate: { id: string }) => candidate.id === job.id).estimate).toEqual(shown);
      const room = await homeowner.agent.get(`/api/jobs/${job.id}`);
      expect(room.body.estimate).toEqual(quoted.body);
      // A job posted now gets today's price.
      const later = await createJob(ctx, homeowner.user.id, {
        issueSlug: item.issueSlug,
        address,
        urgency: 'urgent',
      });
      expect(await storedEstimateOf(later.id)).toEqual(repriced.body);
    });

    it('stores the estimate of a job booked from /book by a logged-in homeowner', async () => {
      const preferredDate = addCalendarDays(todayIn(ctx.config.appTimeZone), 5);
      const res = await homeowner.agent.post('/api/service-requests').send({
        name: 'Booking Homeowner',
        email: homeowner.user.email,
        phone: '3035550142',
        serviceType: 'Leak Detection',
        preferredDate,
        urgency: 'routine',
        description: 'A damp patch keeps growing on the hallway ceiling.',
        address: '2240 Clermont St, Denver, CO 80206',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.jobId).toEqual(expect.any(String));
      const quoted = await estimate('leak-detection', 'routine', '80206');
      expect(await storedEstimateOf(res.body.jobId)).toEqual(quoted.body);
    });

    it('retiring an item hides it from diagnosis choices and the estimate API; its old jobs keep name and estimate', async () => {
      const job = await createJob(ctx, homeowner.user.id, {
        issueSlug: 'hose-bib-repair',
        address: '1701 Wynkoop St, Denver, CO 80202',
      });
      const description = 'The outdoor hose bib on the side of the house is dripping after winter';
      const diagnosedBefore = await ctx.request
        .post('/api/diagnose')
        .send({ description, location: 'outdoor', urgency: 'routine' });
      expect(diagnosedBefore.body.issueSlug).toBe('hose-bib-repair');

      const retired = await admin.agent
        .post('/api/admin/pricing/catalog/hose-bib-repair/retire')
        .send({ reason: 'We no longer send plumbers for outdoor faucets' });
      expect(retired.status).toBe(200);
      try {
        expect((await estimate('hose-bib-repair', 'routine')).status).toBe(404);
        const issues = await createPricingService(ctx.database.db, { cacheTtlMs: 0 }).listActiveIssues();
        expect(issues.map((issue) => issue.issueSlug)).not.toContain('hose-bib-repair');
        const diagnosedAfter = await ctx.request
          .post('/api/diagnose')
          .send({ description, location: 'outdoor', urgency: 'routine' });
        expect(diagnosedAfter.status).toBe(201);
        expect(diagnosedAfter.body.issueSlug).not.toBe('hose-bib-repair');

        const room = await homeowner.agent.get(`/api/jobs/${job.id}`);
        expect(room.status).toBe(200);
        expect(room.body.job.issueSlug).toBe('hose-bib-repair');
        expect(room.body.estimate.costBreakdown.issueName).toBe('Outdoor Faucet (Hose Bib) Repair');
        const mine = await homeowner.agent.get('/api/jobs');
        const listed = mine.body.find((candidate: { id: string }) => candidate.id === job.id);
        expect(listed.estimate).toEqual({
          min: room.body.estimate.costBreakdown.total.min,
          max: room.body.estimate.costBreakdown.total.max,
          estimatedCost: room.body.estimate.estimatedCost,
        });
      } finally {
        const back = await admin.agent
          .patch('/api/admin/pricing/catalog/hose-bib-repair')
          .send({ isActive: true, reason: 'Offered again' });
        expect(back.status).toBe(200);
      }
      expect((await estimate('hose-bib-repair', 'routine')).status).toBe(200);
      expect((await auditRows('hose-bib-repair')).map((row) => row.action).sort()).toEqual([
        'pricing.catalog.reinstate',
        'pricing.catalog.retire',
      ]);
    });

    it('backfills the jobs posted before estimates were kept, once, sharing the work between instances', async () => {
      const [job] = await ctx.database.db
        .insert(jobs)
        .values(
          ['leaky-faucet', 'burst-pipe', 'not-in-the-catalogue'].map((issueSlug) => ({
            customerId: homeowner.user.id,
            issueSlug,
            issueDescription: 'Posted before estimates were kept',
            address: '100 Congress Ave, Austin, TX 78701',
            lat: '30.2672000',
            lng: '-97.7431000',
            urgency: 'urgent' as const,
          })),
        )
        .returning();
      const others = await ctx.database.db.execute<{ id: string; updated_at: Date }>(
        sql`select id, updated_at from jobs where estimate is null order by id`,
      );
      expect(others.rows.length).toBeGreaterThanOrEqual(3);

      // Two instances starting together: each job is priced by one of them.
      const priced = await Promise.all([
        backfillJobEstimates(ctx.database.db, { batchSize: 1 }),
        backfillJobEstimates(ctx.database.db, { batchSize: 1 }),
      ]);
      expect(await storedEstimateOf(job.id)).toEqual(
        await estimateNow(ctx.database.db, { issueSlug: 'leaky-faucet', zip: '78701', urgency: 'urgent' }),
      );
      // A job the catalogue cannot price stays without an estimate; every other one was priced once.
      const left = await ctx.database.db.execute<{ issue_slug: string }>(
        sql`select issue_slug from jobs where estimate is null`,
      );
      expect(left.rows.map((row) => row.issue_slug)).toContain('not-in-the-catalogue');
      expect(left.rows.map((row) => row.issue_slug)).not.toContain('burst-pipe');
      expect(priced[0] + priced[1]).toBe(others.rows.length - left.rows.length);
      // Nothing happened to the jobs themselves.
      const after = await ctx.database.db.execute<{ id: string; updated_at: Date }>(
        sql`select id, updated_at from jobs where id in (${sql.join(
          others.rows.map((row) => sql`${row.id}`),
          sql`, `,
        )}) order by id`,
      );
      expect(after.rows.map((row) => String(row.updated_at))).toEqual(
        others.rows.map((row) => String(row.updated_at)),
      );
      expect(await backfillJobEstimates(ctx.database.db)).toBe(0);
    });
  });
});
