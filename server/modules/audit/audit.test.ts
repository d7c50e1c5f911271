import bcrypt from 'bcrypt';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, todayIn } from '@shared/dates';
import { AUDIT_MESSAGES, auditEntrySchema, type AuditEntryView } from '@shared/contracts/audit';
import { FIELD_MESSAGES } from '@shared/contracts/common';
import { auditLog, users } from '@shared/schema';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { loginAdmin, type Actor } from '../jobs/marketplace.fixtures';

/**
 * The audit log (docs/decisions/031-admin-operations.md) through GET /api/admin/audit: its filters,
 * and rows the database refuses to change. The pricing edits write the rows here; that each write
 * and its audit row commit together is tested with them (server/modules/pricing/admin-pricing.test.ts).
 */
describe(`audit log (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    admin = await loginAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/admin/audit', () => {
    let second: Actor;
    beforeAll(async () => {
      const email = uniqueEmail('second-admin');
      await ctx.database.db
        .insert(users)
        .values({ email, role: 'admin', passwordHash: await bcrypt.hash('second-admin-password', 4) });
      const agent = ctx.agent();
      const res = await agent.post('/api/auth/login').send({ email, password: 'second-admin-password' });
      expect(res.status).toBe(200);
      second = { agent, user: res.body };
      const created = await second.agent.post('/api/admin/pricing/catalog').send({
        issueSlug: `audit-test-${Date.now().toString(36)}`,
        issueName: 'Audit Test Issue',
        baseMin: '100',
        baseMax: '200',
        unit: 'job',
        category: 'Repairs',
        reason: 'Audit filter test',
      });
      expect(created.status).toBe(201);
      const region = await second.agent
        .patch('/api/admin/pricing/regions/SEA')
        .send({ materialIndex: '1.111', reason: 'Audit filter test' });
      expect(region.status).toBe(200);
    });

    const list = async (query: Record<string, string>) => {
      const res = await admin.agent.get('/api/admin/audit').query(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as unknown[]).map((row) => auditEntrySchema.parse(row)) as AuditEntryView[];
    };

    it('filters by part of the actor’s e-mail, by entity and by days on the app’s clock, newest first', async () => {
      const bySecond = await list({ actor: second.user.email.slice(0, 18).toUpperCase() });
      expect(bySecond.map((row) => row.action)).toEqual(['pricing.region.update', 'pricing.catalog.create']);
      expect(bySecond.every((row) => row.actorEmail === second.user.email)).toBe(true);

      const secondRegions = await list({ actor: second.user.email, entity: 'region' });
      expect(secondRegions).toHaveLength(1);
      expect(secondRegions[0]).toMatchObject({
        entityType: 'region',
        entityId: 'SEA',
        reason: 'Audit filter test',
        before: expect.objectContaining({ materialIndex: expect.not.stringMatching(/^1\.111$/) }),
        after: expect.objectContaining({ materialIndex: '1.111' }),
      });

      const today = todayIn(ctx.config.appTimeZone);
      expect(await list({ actor: second.user.email, from: today, to: today })).toHaveLength(2);
      expect(await list({ actor: second.user.email, from: addCalendarDays(today, 1) })).toEqual([]);
      expect(await list({ actor: second.user.email, to: addCalendarDays(today, -1) })).toEqual([]);
      // LIKE's wildcards are matched literally.
      expect(await list({ actor: '%' })).toEqual([]);
    });

    it('refuses bad filters with 400', async () => {
      const today = todayIn(ctx.config.appTimeZone);
      for (const [query, message] of [
        [{ entity: 'everything' }, AUDIT_MESSAGES.entityInvalid],
        [{ from: today, to: addCalendarDays(today, -1) }, AUDIT_MESSAGES.rangeInverted],
        [{ from: '2025-02-30' }, FIELD_MESSAGES.dateFormat],
      ] as const) {
        const res = await admin.agent.get('/api/admin/audit').query(query);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(message);
      }
    });

    it('keeps its rows as written: the database refuses to change or remove one', async () => {
      const [row] = await ctx.database.db.select().from(auditLog).limit(1);
      for (const statement of [
        sql`update audit_log set reason = 'rewritten' where id = ${row.id}`,
        sql`delete from audit_log where id = ${row.id}`,
      ]) {
        await expect(ctx.database.db.execute(statement)).rejects.toMatchObject({
          cause: expect.objectContaining({ code: '42501', message: 'audit_log rows cannot be changed' }),
        });
      }
      const [still] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.id, row.id));
      expect(still).toEqual(row);
    });
  });
});
