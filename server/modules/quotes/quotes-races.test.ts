import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusEvents, jobs, quotes } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { createJob, registerActor, registerPlumber, sendQuote } from '../jobs/marketplace.fixtures';

const ATTEMPTS = 20;

describe(`quote races (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const eventsOf = (jobId: string, status: 'quoted' | 'scheduled') =>
    ctx.database.db
      .select()
      .from(jobStatusEvents)
      .where(and(eq(jobStatusEvents.jobId, jobId), eq(jobStatusEvents.status, status)));

  it(`${ATTEMPTS} concurrent accepts across 3 quotes of one job: exactly one 200, the rest 409`, async () => {
    const owner = await registerActor(ctx, 'homeowner');
    const job = await createJob(ctx, owner.user.id);
    const plumbers = [await registerPlumber(ctx), await registerPlumber(ctx), await registerPlumber(ctx)];
    const quoteIds = await Promise.all(
      plumbers.map((plumber, i) => sendQuote(plumber, job.id, 100 + i, 200 + i)),
    );

    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        owner.agent.post(`/api/jobs/${job.id}/accept-quote`).send({ quoteId: quoteIds[i % quoteIds.length] }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const losers = results.filter((res) => res.status !== 200);
    expect(losers).toHaveLength(ATTEMPTS - 1);
    for (const loser of losers) {
      expect(loser.status, JSON.stringify(loser.body)).toBe(409);
      expect(loser.body).toEqual({
        error: 'A quote has already been accepted for this job',
        code: 'QUOTE_ALREADY_ACCEPTED',
      });
    }

    const winner = results.find((res) => res.status === 200)!;
    const accepted = await ctx.database.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.jobId, job.id), eq(quotes.status, 'accepted')));
    expect(accepted).toHaveLength(1);
    expect(accepted[0].id).toBe(winner.body.quote.id);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ currentStatus: 'scheduled', plumberId: accepted[0].plumberId });
    expect(await eventsOf(job.id, 'scheduled')).toHaveLength(1);
  });

  it(`${ATTEMPTS} concurrent quotes by one plumber on one job: exactly one 201, the rest 409`, async () => {
    const owner = await registerActor(ctx, 'homeowner');
    const job = await createJob(ctx, owner.user.id);
    const plumber = await registerPlumber(ctx);

    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        plumber.agent.post('/api/quotes').send({ jobId: job.id, minTotal: 100 + i, maxTotal: 300 + i }),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    const losers = results.filter((res) => res.status !== 201);
    expect(losers).toHaveLength(ATTEMPTS - 1);
    for (const loser of losers) {
      expect(loser.status, JSON.stringify(loser.body)).toBe(409);
      expect(loser.body).toEqual({
        error: 'You have already sent a quote for this job',
        code: 'ALREADY_QUOTED',
      });
    }
    expect(await ctx.database.db.select().from(quotes).where(eq(quotes.jobId, job.id))).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.currentStatus).toBe('quoted');
    expect(await eventsOf(job.id, 'quoted')).toHaveLength(1);
  });
});
