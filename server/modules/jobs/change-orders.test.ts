import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOrders, jobStatusEvents, jobs, payouts } from '@shared/schema';
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
  type PlumberActor,
} from './marketplace.fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const REASON = 'The shut-off valve is corroded and must be replaced';
const ABOVE_AGREED = (agreed: string) =>
  `The final amount can't exceed the agreed ${agreed}. Ask the homeowner to approve a change order first.`;

describe(`change orders and the agreed final amount (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let owner: Actor;
  let otherOwner: Actor;
  let plumber: PlumberActor;
  let otherPlumber: PlumberActor;
  let admin: Actor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    owner = await registerActor(ctx, 'homeowner');
    otherOwner = await registerActor(ctx, 'homeowner');
    plumber = await registerPlumber(ctx);
    otherPlumber = await registerPlumber(ctx);
    admin = await loginAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A job of `owner` whose quote of $100–$300 by `plumber` was accepted; started when asked. */
  async function hiredJob(stage: 'scheduled' | 'in_progress' = 'in_progress'): Promise<string> {
    const job = await createJob(ctx, owner.user.id);
    await acceptQuote(owner, job.id, await sendQuote(plumber, job.id, 100, 300));
    if (stage === 'in_progress') expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
    return job.id;
  }

  const requestChange = (actor: Actor, jobId: string, body: object = { amount: '75.50', reason: REASON }) =>
    actor.agent.post(`/api/jobs/${jobId}/change-orders`).send(body);
  const decide = (actor: Actor, jobId: string, changeOrderId: string, decision: 'approve' | 'decline') =>
    actor.agent.post(`/api/jobs/${jobId}/change-orders/${changeOrderId}/${decision}`).send({});

  /** A pending change order of `amount` on the job, requested by its plumber. */
  async function pendingChange(jobId: string, amount = '75.50'): Promise<string> {
    const res = await requestChange(plumber, jobId, { amount, reason: REASON });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  const payoutsOf = (jobId: string) => ctx.database.db.select().from(payouts).where(eq(payouts.jobId, jobId));
  const changeOrdersOf = (jobId: string) =>
    ctx.database.db.select().from(changeOrders).where(eq(changeOrders.jobId, jobId));
  const statusOf = async (jobId: string) =>
    (await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0].currentStatus;

  describe('the final amount', () => {
    it('refuses more than the quote maximum with 422, and stores nothing', async () => {
      const jobId = await hiredJob();
      for (const finalAmount of ['300.01', '99999999.99']) {
        const res = await setStatus(plumber, jobId, 'completed', { finalAmount });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          error: ABOVE_AGREED('$300'),
          code: 'FINAL_AMOUNT_ABOVE_AGREED',
          details: [{ path: 'finalAmount', message: ABOVE_AGREED('$300') }],
        });
      }
      expect(await statusOf(jobId)).toBe('in_progress');
      expect(await payoutsOf(jobId)).toEqual([]);
      const completedEvents = await ctx.database.db
        .select()
        .from(jobStatusEvents)
        .where(and(eq(jobStatusEvents.jobId, jobId), eq(jobStatusEvents.status, 'completed')));
      expect(completedEvents).toEqual([]);

      const exact = await setStatus(plumber, jobId, 'completed', { finalAmount: '300' });
      expect(exact.status).toBe(200);
      expect(exact.body.payout).toMatchObject({ plumberGross: '300.00' });
    });

    it('rises by an approved change order: completion up to max + amount pays exactly that', async () => {
      const jobId = await hiredJob('scheduled');
      const created = await requestChange(plumber, jobId);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        jobId,
        amount: '75.50',
        reason: REASON,
        status: 'pending',
        createdAt: expect.any(String),
        decidedAt: null,
      });
      const approved = await decide(owner, jobId, created.body.id, 'approve');
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ id: created.body.id, status: 'approved' });
      expect(Date.parse(approved.body.decidedAt)).not.toBeNaN();

      expect((await setStatus(plumber, jobId, 'in_progress')).status).toBe(200);
      const above = await setStatus(plumber, jobId, 'completed', { finalAmount: '375.51' });
      expect(above.status).toBe(422);
      expect(above.body.error).toBe(ABOVE_AGREED('$375.50'));
      const done = await setStatus(plumber, jobId, 'completed', { finalAmount: '375.50' });
      expect(done.status).toBe(200);
      expect(done.body.payout).toEqual({
        plumberGross: '375.50',
        platformFee: '37.55',
        plumberNet: '337.95',
        status: 'pending',
        paidAt: null,
      });
      const [payout] = await payoutsOf(jobId);
      expect(payout.plumberGross).toBe('375.50');

      // Both dashboards show the change order and the final amount.
      const mine = await owner.agent.get('/api/jobs');
      expect(mine.body.find((job: { id: string }) => job.id === jobId)).toMatchObject({
        currentStatus: 'completed',
        finalAmount: '375.50',
        changeOrders: [{ id: created.body.id, amount: '75.50', reason: REASON, status: 'approved' }],
      });
      const assigned = await plumber.agent.get('/api/jobs/assigned');
      expect(assigned.body.find((job: { id: string }) => job.id === jobId)).toMatchObject({
        acceptedQuote: { maxTotal: '300.00' },
        agreedMax: '375.50',
        finalAmount: '375.50',
        changeOrders: [{ id: created.body.id, status: 'approved' }],
      });
    });

    it('without a final amount, bills the quote maximum plus every approved change order', async () => {
      const jobId = await hiredJob();
      expect((await decide(owner, jobId, await pendingChange(jobId, '50'), 'approve')).status).toBe(200);
      expect((await decide(owner, jobId, await pendingChange(jobId, '25.25'), 'approve')).status).toBe(200);
      const done = await setStatus(plumber, jobId, 'completed');
      expect(done.status).toBe(200);
      expect(done.body.payout.plumberGross).toBe('375.25');
    });

    it('is not raised by a declined change order, and a pending one does not count either', async () => {
      const jobId = await hiredJob();
      const declined = await decide(owner, jobId, await pendingChange(jobId, '50'), 'decline');
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ status: 'declined', decidedAt: expect.any(String) });
      await pendingChange(jobId, '80');
      const refused = await setStatus(plumber, jobId, 'completed', { finalAmount: '350' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe(ABOVE_AGREED('$300'));
      expect(await payoutsOf(jobId)).toEqual([]);
      const assigned = await plumber.agent.get('/api/jobs/assigned');
      expect(assigned.body.find((job: { id: string }) => job.id === jobId)).toMatchObject({
        agreedMax: '300.00',
        finalAmount: null,
        changeOrders: [{ status: 'declined' }, { status: 'pending', amount: '80.00' }],
      });
      expect((await setStatus(plumber, jobId, 'completed', { finalAmount: '300' })).status).toBe(200);
    });
  });

  describe('who may do what', () => {
    it('lets only the assigned plumber request one: 401, 403 for other roles, 404 for other plumbers', async () => {
      const jobId = await hiredJob('scheduled');
      // A plumber who quoted on the job but was not hired is as unrelated as any other.
      const loser = await registerPlumber(ctx);
      const quotedJob = await createJob(ctx, owner.user.id);
      await sendQuote(loser, quotedJob.id);
      await acceptQuote(owner, quotedJob.id, await sendQuote(plumber, quotedJob.id));

      expect(
        (await ctx.request.post(`/api/jobs/${jobId}/change-orders`).send({ amount: 1, reason: REASON }))
          .status,
      ).toBe(401);
      expect((await requestChange(owner, jobId)).status).toBe(403);
      expect((await requestChange(otherOwner, jobId)).status).toBe(403);
      expect((await requestChange(admin, jobId)).status).toBe(403);
      const other = await requestChange(otherPlumber, jobId);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ error: 'Job not found', code: 'NOT_FOUND' });
      expect((await requestChange(loser, quotedJob.id)).status).toBe(404);
      expect((await requestChange(plumber, UNKNOWN_ID)).status).toBe(404);
      expect(await changeOrdersOf(jobId)).toEqual([]);
      expect(await changeOrdersOf(quotedJob.id)).toEqual([]);
      expect((await requestChange(plumber, jobId)).status).toBe(201);
    });

    it('lets only the job’s owner approve or decline: 401, 403 for other roles, 404 for other homeowners', async () => {
      const jobId = await hiredJob();
      const changeOrderId = await pendingChange(jobId);
      const otherJobId = await hiredJob();
      for (const decision of ['approve', 'decline'] as const) {
        const path = `/api/jobs/${jobId}/change-orders/${changeOrderId}/${decision}`;
        expect((await ctx.request.post(path).send({})).status).toBe(401);
        expect((await decide(plumber, jobId, changeOrderId, decision)).status).toBe(403);
        expect((await decide(otherPlumber, jobId, changeOrderId, decision)).status).toBe(403);
        expect((await decide(admin, jobId, changeOrderId, decision)).status).toBe(403);
        expect((await decide(otherOwner, jobId, changeOrderId, decision)).status).toBe(404);
        // The right owner, but the change order of another job, or none at all.
        const elsewhere = await decide(owner, otherJobId, changeOrderId, decision);
        expect(elsewhere.status).toBe(404);
        expect(elsewhere.body).toEqual({ error: 'Change order not found for this job', code: 'NOT_FOUND' });
        expect((await decide(owner, jobId, UNKNOWN_ID, decision)).status).toBe(404);
      }
      const [row] = await changeOrdersOf(jobId);
      expect(row).toMatchObject({ status: 'pending', decidedAt: null });
      // None of that touched the ceiling: the owner has approved nothing.
      expect((await setStatus(plumber, jobId, 'completed', { finalAmount: '300.01' })).status).toBe(422);
    });
  });

  describe('exactly once', () => {
    it('answers a second decision with 409, whichever it is', async () => {
      const jobId = await hiredJob();
      const changeOrderId = await pendingChange(jobId);
      expect((await decide(owner, jobId, changeOrderId, 'approve')).status).toBe(200);
      for (const decision of ['approve', 'decline'] as const) {
        const again = await decide(owner, jobId, changeOrderId, decision);
        expect(again.status).toBe(409);
        expect(again.body).toEqual({
          error: 'This change order has already been approved or declined',
          code: 'CONFLICT',
        });
      }
      const [row] = await changeOrdersOf(jobId);
      expect(row.status).toBe('approved');
    });

    it('keeps one pending change order per job (409), and allows the next once it is answered', async () => {
      const jobId = await hiredJob('scheduled');
      const first = await pendingChange(jobId);
      const second = await requestChange(plumber, jobId, { amount: '10', reason: 'And the trap as well' });
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        error: "This job already has a change order waiting for the homeowner's answer",
        code: 'CONFLICT',
      });
      expect(await changeOrdersOf(jobId)).toHaveLength(1);
      expect((await decide(owner, jobId, first, 'decline')).status).toBe(200);
      expect((await requestChange(plumber, jobId)).status).toBe(201);
    });

    it('has the database refuse a second pending row even past the service (the partial unique index)', async () => {
      const jobId = await hiredJob('scheduled');
      const row = { jobId, plumberId: plumber.plumberId, amount: '10.00', reason: REASON };
      await ctx.database.db.insert(changeOrders).values(row);
      const error = await ctx.database.db
        .insert(changeOrders)
        .values(row)
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeDefined();
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(
        'change_orders_one_pending_per_job_uq',
      );
      // Answered rows do not count: an approved and a declined one live beside the pending one.
      await ctx.database.db.insert(changeOrders).values([
        { ...row, status: 'approved', decidedAt: new Date() },
        { ...row, status: 'declined', decidedAt: new Date() },
      ]);
      expect(await changeOrdersOf(jobId)).toHaveLength(3);
    });
  });

  describe('job status and input', () => {
    it('refuses a change order on a completed job (409) and its approval after completion', async () => {
      const jobId = await hiredJob();
      const changeOrderId = await pendingChange(jobId);
      expect((await setStatus(plumber, jobId, 'completed')).status).toBe(200);
      const late = await requestChange(plumber, jobId);
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(
        'A change order can only be requested while the job is scheduled or in progress',
      );
      const approve = await decide(owner, jobId, changeOrderId, 'approve');
      expect(approve.status).toBe(409);
      expect(approve.body.error).toBe(
        'This job is no longer in progress: the change order can only be declined',
      );
      expect((await decide(owner, jobId, changeOrderId, 'decline')).status).toBe(200);
      const [payout] = await payoutsOf(jobId);
      expect(payout.plumberGross).toBe('300.00');
    });

    it('refuses a change order on a job nobody was hired for yet (404: not the plumber’s job)', async () => {
      const job = await createJob(ctx, owner.user.id);
      await sendQuote(plumber, job.id);
      expect((await requestChange(plumber, job.id)).status).toBe(404);
    });

    it.each([
      ['a zero amount', { amount: 0, reason: REASON }, 'Price must be greater than 0'],
      ['a negative amount', { amount: '-5', reason: REASON }, 'Price must be greater than 0'],
      ['three decimals', { amount: '10.005', reason: REASON }, 'Price can have at most 2 decimal places'],
      ['too much', { amount: '100000000', reason: REASON }, 'Price must be at most 99,999,999.99'],
      ['words for an amount', { amount: 'lots', reason: REASON }, 'Price must be a number'],
      ['no amount', { reason: REASON }, 'Amount is required'],
      ['a two-letter reason', { amount: 10, reason: '  ab  ' }, 'Reason must be at least 3 characters'],
      ['no reason', { amount: 10 }, 'Reason must be at least 3 characters'],
      [
        'a 501-character reason',
        { amount: 10, reason: 'x'.repeat(501) },
        'Reason must be at most 500 characters',
      ],
    ])('refuses %s with 400', async (_label, body, message) => {
      const jobId = await hiredJob('scheduled');
      const res = await requestChange(plumber, jobId, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(await changeOrdersOf(jobId)).toEqual([]);
    });

    it('refuses malformed ids with 400', async () => {
      expect((await requestChange(plumber, 'not-a-uuid')).status).toBe(400);
      const jobId = await hiredJob();
      const bad = await decide(owner, jobId, 'not-a-uuid', 'approve');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Invalid change order id');
    });
  });

  describe('races', () => {
    it('approve and decline of one change order at once: exactly one wins, every time', async () => {
      for (let round = 0; round < 6; round++) {
        const jobId = await hiredJob();
        const changeOrderId = await pendingChange(jobId);
        const [approve, decline] = await Promise.all([
          decide(owner, jobId, changeOrderId, 'approve'),
          decide(owner, jobId, changeOrderId, 'decline'),
        ]);
        expect([approve.status, decline.status].sort()).toEqual([200, 409]);
        const winner = approve.status === 200 ? 'approved' : 'declined';
        const [row] = await changeOrdersOf(jobId);
        expect(row.status).toBe(winner);
        const loser = approve.status === 200 ? decline : approve;
        expect(loser.body.code).toBe('CONFLICT');
      }
    });

    it('concurrent requests for one job: one pending change order, the rest 409', async () => {
      const jobId = await hiredJob('scheduled');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          requestChange(plumber, jobId, { amount: 10 + i, reason: REASON }),
        ),
      );
      expect(results.map((res) => res.status).sort()).toEqual([201, ...Array(7).fill(409)]);
      expect(await changeOrdersOf(jobId)).toHaveLength(1);
    });

    it('an approval racing a completion: the payout never exceeds what the homeowner approved', async () => {
      for (let round = 0; round < 4; round++) {
        const jobId = await hiredJob();
        const changeOrderId = await pendingChange(jobId, '100');
        const [approve, complete] = await Promise.all([
          decide(owner, jobId, changeOrderId, 'approve'),
          setStatus(plumber, jobId, 'completed', { finalAmount: '400' }),
        ]);
        const [row] = await changeOrdersOf(jobId);
        const stored = await payoutsOf(jobId);
        if (complete.status === 200) {
          // The approval came first and was counted.
          expect(approve.status).toBe(200);
          expect(row.status).toBe('approved');
          expect(stored.map((payout) => payout.plumberGross)).toEqual(['400.00']);
        } else {
          // The completion came first, saw only the quote, and wrote nothing.
          expect(complete.status).toBe(422);
          expect(stored).toEqual([]);
          expect(approve.status).toBe(200);
          expect(await statusOf(jobId)).toBe('in_progress');
        }
      }
    });
  });
});
