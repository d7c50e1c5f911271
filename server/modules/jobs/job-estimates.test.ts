import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@shared/schema';
import type { Database } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { estimateNow } from '../pricing';
import { startJobEstimateBackfill } from './job-estimates';
import { registerActor, type Actor } from './marketplace.fixtures';

/** A logger whose lines the test reads back (JSON, one object per line). */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string; priced?: number; stopped?: boolean }> = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/**
 * The start-up backfill of stored estimates runs in the background after ready (server/index.ts):
 * meanwhile a job without its estimate reads as having none, and shutdown stops the run.
 */
describe(`job estimate backfill in the background (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let owner: Actor;

  beforeAll(async () => {
    // The context awaits the backfill of the demo seed's jobs: every job has its estimate here.
    ctx = await createTestContext({ seed: true });
    owner = await registerActor(ctx, 'homeowner');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Jobs of the owner as an older version wrote them: no stored estimate. */
  async function oldJobs(count: number): Promise<string[]> {
    const rows = await ctx.database.db
      .insert(jobs)
      .values(
        Array.from({ length: count }, () => ({
          customerId: owner.user.id,
          issueSlug: 'leaky-faucet',
          issueDescription: 'Posted before estimates were kept',
          address: '100 Congress Ave, Austin, TX 78701',
          lat: '30.2672000',
          lng: '-97.7431000',
          urgency: 'routine' as const,
        })),
      )
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }

  const withoutEstimate = async () =>
    (await ctx.database.db.select({ id: jobs.id }).from(jobs).where(isNull(jobs.estimate))).map(
      (row) => row.id,
    );

  it('reads a job not yet priced as having no estimate, then its estimate once the run is done', async () => {
    const ids = await oldJobs(3);
    const room = await owner.agent.get(`/api/jobs/${ids[0]}`);
    expect(room.status, room.text).toBe(200);
    expect(room.body.estimate).toBeNull();
    const mine = await owner.agent.get('/api/jobs');
    expect(mine.status).toBe(200);
    const listed = mine.body.filter((job: { id: string }) => ids.includes(job.id));
    expect(listed.map((job: { estimate: unknown }) => job.estimate)).toEqual([null, null, null]);

    const { logger, lines } = capturedLogger();
    const run = startJobEstimateBackfill({ db: ctx.database.db, logger });
    expect(await run.done).toBe(3);
    await run.stop();
    expect(await withoutEstimate()).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'job estimate backfill done', priced: 3, stopped: false }),
    );

    const expected = await estimateNow(ctx.database.db, {
      issueSlug: 'leaky-faucet',
      zip: '78701',
      urgency: 'routine',
    });
    expect((await owner.agent.get(`/api/jobs/${ids[0]}`)).body.estimate).toEqual(expected);
    const after = (await owner.agent.get('/api/jobs')).body.filter((job: { id: string }) =>
      ids.includes(job.id),
    );
    expect(after.map((job: { estimate: { min: number } | null }) => job.estimate?.min)).toEqual([
      expected!.costBreakdown.total.min,
      expected!.costBreakdown.total.min,
      expected!.costBreakdown.total.min,
    ]);
  });

  it('ends after the batch in hand when stopped, leaving the rest for the next start', async () => {
    const ids = await oldJobs(5);
    const { logger, lines } = capturedLogger();
    const run = startJobEstimateBackfill({ db: ctx.database.db, logger, batchSize: 2 });
    await run.stop();
    // The first batch was already under way; none after it began.
    expect(await run.done).toBe(2);
    expect(await withoutEstimate()).toHaveLength(3);
    expect(
      await ctx.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.id, ids), isNotNull(jobs.estimate))),
    ).toHaveLength(2);
    expect(lines).toContainEqual(expect.objectContaining({ priced: 2, stopped: true }));

    // The next start carries on.
    const next = startJobEstimateBackfill({ db: ctx.database.db, logger });
    expect(await next.done).toBe(3);
    expect(await withoutEstimate()).toEqual([]);
  });

  it('logs a failed run as an error and resolves, so nothing is left unhandled', async () => {
    const { logger, lines } = capturedLogger();
    const failing = {
      transaction: () => Promise.reject(new Error('the database went away')),
    } as unknown as Database;
    const run = startJobEstimateBackfill({ db: failing, logger });
    expect(await run.done).toBe(0);
    await run.stop();
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({ msg: 'job estimate backfill failed; the next start tries again' }),
    ]);
  });
});
