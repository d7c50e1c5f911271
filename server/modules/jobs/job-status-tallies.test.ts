import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from '@shared/constants';
import { adminStatsSchema } from '@shared/contracts/admin';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo';
import { insertHomeowner, insertJob } from '../payouts/payouts.fixtures';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { foldJobStatusCountChanges } from './jobs.repository';

/** Each status's jobs, counted row by row: what the tallies must always equal. */
async function countedByStatus(ctx: TestContext): Promise<Record<JobStatus, number>> {
  const result = await ctx.database.db.execute<{ status: JobStatus; count: number }>(
    sql`select current_status as status, count(*)::int as count from jobs group by current_status`,
  );
  const counted = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of result.rows) counted[row.status] = Number(row.count);
  return counted;
}

async function pendingChanges(ctx: TestContext): Promise<number> {
  const result = await ctx.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from job_status_count_changes`,
  );
  return Number(result.rows[0].count);
}

describe(`job status tallies (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: ReturnType<TestContext['agent']>;
  let customerId: string;

  /** The dashboard's jobs by status, which reads the tallies, never the jobs. */
  async function dashboardByStatus() {
    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    const stats = adminStatsSchema.parse(res.body);
    return { jobsByStatus: stats.jobsByStatus, totalJobs: stats.totalJobs };
  }

  async function expectTalliesMatchRows() {
    const counted = await countedByStatus(ctx);
    const total = Object.values(counted).reduce((sum, count) => sum + count, 0);
    expect(await dashboardByStatus()).toEqual({ jobsByStatus: counted, totalJobs: total });
    const page = await admin.get('/api/jobs/all?page=1&pageSize=1');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(total);
  }

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    admin = ctx.agent();
    const login = await admin
      .post('/api/auth/login')
      .send({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    customerId = await insertHomeowner(ctx.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('counts the seeded jobs, which were posted after the tallies began', async () => {
    expect((await dashboardByStatus()).totalJobs).toBeGreaterThan(0);
    await expectTalliesMatchRows();
  });

  it('follows inserts, status changes and deletes, before and after folding', async () => {
    const db = ctx.database.db;
    const created = new Date();
    const a = await insertJob(db, { customerId, createdAt: created, status: 'requested' });
    const b = await insertJob(db, { customerId, createdAt: created, status: 'requested' });
    await insertJob(db, { customerId, createdAt: created, status: 'draft' });
    await expectTalliesMatchRows();

    await db.execute(sql`update jobs set current_status = 'quoted' where id = ${a}`);
    // Touching a job without changing its status appends nothing.
    const before = await pendingChanges(ctx);
    await db.execute(sql`update jobs set current_status = 'requested', updated_at = now() where id = ${b}`);
    expect(await pendingChanges(ctx)).toBe(before);
    await db.execute(sql`delete from jobs where id = ${b}`);
    await expectTalliesMatchRows();

    // Every change appended so far, the delete's −1 included.
    const folded = await foldJobStatusCountChanges(db);
    expect(folded).toBe(before + 1);
    expect(await pendingChanges(ctx)).toBe(0);
    await expectTalliesMatchRows();
    // Nothing left to fold.
    expect(await foldJobStatusCountChanges(db)).toBe(0);
  });

  it('folds each change once when folds run side by side with new jobs', async () => {
    const db = ctx.database.db;
    const posts = Array.from({ length: 12 }, (_, index) =>
      insertJob(db, { customerId, createdAt: new Date(), status: index % 2 ? 'requested' : 'quoted' }),
    );
    const folds = Array.from({ length: 4 }, () => foldJobStatusCountChanges(db));
    await Promise.all([...posts, ...folds]);
    await foldJobStatusCountChanges(db);
    await expectTalliesMatchRows();
  });

  it('starts again from zero when the jobs table is truncated', async () => {
    await ctx.database.db.execute(sql`truncate jobs cascade`);
    expect(await pendingChanges(ctx)).toBe(0);
    expect((await dashboardByStatus()).totalJobs).toBe(0);
    await insertJob(ctx.database.db, { customerId, createdAt: new Date(), status: 'requested' });
    await expectTalliesMatchRows();
  });
});
