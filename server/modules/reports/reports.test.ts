import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_REPORTS_PER_JOB, REPORT_MESSAGES } from '@shared/contracts/admin-queues';
import { auditLog, jobReports, notifications } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { mailTo, waitForMail } from '../auth/account-tokens.fixtures';
import {
  acceptQuote,
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';
import { REPORT_SERVICE_MESSAGES } from './reports.service';

const DETAILS = 'The plumber left without fixing the leak under the sink.';
const ANSWERED_TITLE = 'Plumbline answered your report';
const CLOSED_TITLE = 'Your report was closed';

describe(`problem reports (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Actor;
  let owner: Actor;
  let otherOwner: Actor;
  let plumber: PlumberActor;
  let otherPlumber: PlumberActor;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
    admin = await loginAdmin(ctx);
    owner = await registerActor(ctx, 'homeowner');
    otherOwner = await registerActor(ctx, 'homeowner');
    plumber = await registerPlumber(ctx);
    otherPlumber = await registerPlumber(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A job of the owner the plumber quoted on (150–300); `hired`: the owner accepted the quote. */
  async function quotedJob({ hired = false } = {}) {
    const job = await createJob(ctx, owner.user.id);
    const quoteId = await sendQuote(plumber, job.id, 150, 300);
    if (hired) await acceptQuote(owner, job.id, quoteId);
    return job.id;
  }

  const file = (
    actor: Actor | null,
    jobId: string,
    report: object = { reason: 'no_show', details: DETAILS },
  ) => (actor ? actor.agent : ctx.request).post(`/api/jobs/${jobId}/reports`).send(report);
  const decide = (reportId: string, decision: object) =>
    admin.agent.patch(`/api/admin/reports/${reportId}`).send(decision);
  const reportRow = async (id: string) =>
    (await ctx.database.db.select().from(jobReports).where(eq(jobReports.id, id)))[0];
  const auditOf = (id: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'report'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
  /** What the user was told about reports on the job (a report's answer or close changes its status). */
  const reportNotices = (userId: string, jobId: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.jobId, jobId),
          eq(notifications.kind, 'status_changed'),
        ),
      );
  /** The mail to `to` with this subject linking to the job's room, once the queue delivered it. */
  async function mailAbout(to: string, subject: string, jobId: string) {
    const room = `${ctx.config.publicUrl}/jobs/${jobId}`;
    for (let count = 1; ; count += 1) {
      const found = (await waitForMail(ctx, to, count)).find(
        (mail) => mail.subject === subject && mail.links.includes(room),
      );
      if (found) return found;
    }
  }
  /** The transaction that last wrote a row: rows written by one transaction share it. */
  const writtenBy = async (table: 'job_reports' | 'audit_log', id: string) => {
    const { rows } = await ctx.database.pool.query<{ xmin: string }>(
      `select xmin::text as xmin from ${table} where id = $1`,
      [id],
    );
    return rows[0]?.xmin;
  };

  it('lets the homeowner and the plumber who quoted report; anyone else is told the job does not exist', async () => {
    const jobId = await quotedJob();
    const byOwner = await file(owner, jobId);
    expect(byOwner.status, byOwner.text).toBe(201);
    expect(byOwner.body).toMatchObject({
      jobId,
      reason: 'no_show',
      details: DETAILS,
      status: 'open',
      answer: null,
      refundAmount: null,
    });
    expect((await reportRow(byOwner.body.id)).reporterRole).toBe('homeowner');
    const byPlumber = await file(plumber, jobId, {
      reason: 'conduct',
      details: 'The homeowner was abusive on the phone.',
    });
    expect(byPlumber.status, byPlumber.text).toBe(201);
    expect((await reportRow(byPlumber.body.id)).reporterRole).toBe('plumber');

    // A plumber who only asked a question took part, but is not involved with the job.
    const question = await otherPlumber.agent
      .post(`/api/jobs/${jobId}/messages`)
      .send({ body: 'Is the shut-off valve under the sink?' });
    expect(question.status).toBe(201);
    for (const stranger of [otherPlumber, otherOwner]) {
      const res = await file(stranger, jobId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: REPORT_SERVICE_MESSAGES.jobNotFound, code: 'NOT_FOUND' });
    }
    expect((await file(admin, jobId)).status).toBe(403);
    expect((await file(null, jobId)).status).toBe(401);
    expect((await file(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await file(owner, 'not-a-job')).status).toBe(400);

    // The hired plumber of another job may report on it too.
    const hiredJobId = await quotedJob({ hired: true });
    expect(
      (
        await file(plumber, hiredJobId, {
          reason: 'billing',
          details: 'The homeowner refuses to pay the agreed amount.',
        })
      ).status,
    ).toBe(201);
    const rows = await ctx.database.db.select().from(jobReports).where(eq(jobReports.jobId, jobId));
    expect(rows.map((row) => row.reporterId).sort()).toEqual([owner.user.id, plumber.user.id].sort());
  });

  it('checks the reason and the details', async () => {
    const jobId = await quotedJob();
    const cases: [object, string][] = [
      [{ reason: 'refund', details: DETAILS }, REPORT_MESSAGES.reasonInvalid],
      [{ details: DETAILS }, REPORT_MESSAGES.reasonInvalid],
      [{ reason: 'quality', details: '  too short  ' }, REPORT_MESSAGES.detailsMin],
      [{ reason: 'quality', details: 'x'.repeat(2001) }, REPORT_MESSAGES.detailsMax],
      [{ reason: 'quality', details: `${DETAILS}\u0000` }, 'Text cannot contain NUL characters'],
    ];
    for (const [report, message] of cases) {
      const res = await file(owner, jobId, report);
      expect(res.status, JSON.stringify(report)).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const longest = await file(owner, jobId, { reason: 'quality', details: ` ${'y'.repeat(2000)} ` });
    expect(longest.status).toBe(201);
    expect(longest.body.details).toHaveLength(2000);
  });

  it(`keeps at most ${MAX_OPEN_REPORTS_PER_JOB} reports of one person open on one job, even when sent at once`, async () => {
    const jobId = await quotedJob();
    const burst = await Promise.all(
      Array.from({ length: MAX_OPEN_REPORTS_PER_JOB + 2 }, () => file(owner, jobId)),
    );
    expect(burst.map((res) => res.status).sort()).toEqual([
      ...Array(MAX_OPEN_REPORTS_PER_JOB).fill(201),
      409,
      409,
    ]);
    expect(burst.find((res) => res.status === 409)?.body.error).toBe(REPORT_SERVICE_MESSAGES.tooManyOpen);
    // Someone else's reports count apart; an answered report frees a place.
    expect((await file(plumber, jobId)).status).toBe(201);
    const first = burst.find((res) => res.status === 201)!.body.id as string;
    expect((await decide(first, { status: 'answered', answer: 'We are looking into it.' })).status).toBe(200);
    expect((await file(owner, jobId)).status).toBe(201);
    expect((await file(owner, jobId)).status).toBe(409);
  });

  it('shows each reporter their own reports on the job, newest first', async () => {
    const jobId = await quotedJob();
    const first = await file(owner, jobId, { reason: 'quality', details: 'The new tap drips again.' });
    const second = await file(owner, jobId, { reason: 'billing', details: 'I was charged twice for parts.' });
    const fromPlumber = await file(plumber, jobId, {
      reason: 'safety',
      details: 'The basement wiring is exposed.',
    });

    const mine = await owner.agent.get(`/api/jobs/${jobId}/reports`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((report: { id: string }) => report.id)).toEqual([second.body.id, first.body.id]);
    const theirs = await plumber.agent.get(`/api/jobs/${jobId}/reports`);
    expect(theirs.body.map((report: { id: string }) => report.id)).toEqual([fromPlumber.body.id]);
    expect((await otherPlumber.agent.get(`/api/jobs/${jobId}/reports`)).status).toBe(404);
    expect((await otherOwner.agent.get(`/api/jobs/${jobId}/reports`)).status).toBe(404);
    expect((await admin.agent.get(`/api/jobs/${jobId}/reports`)).status).toBe(403);
  });

  it('lists reports for admins with the open ones first, with reporter and job', async () => {
    const jobId = await quotedJob({ hired: true });
    const open = await file(owner, jobId);
    const answered = await file(plumber, jobId, {
      reason: 'conduct',
      details: 'Rude messages after the visit.',
    });
    expect(
      (await decide(answered.body.id, { status: 'answered', answer: 'We spoke to the homeowner.' })).status,
    ).toBe(200);

    const all = await admin.agent.get('/api/admin/reports');
    expect(all.status).toBe(200);
    const statuses: string[] = all.body.map((report: { status: string }) => report.status);
    expect(statuses.indexOf('answered')).toBeGreaterThan(statuses.lastIndexOf('open'));
    expect(all.body.find((report: { id: string }) => report.id === open.body.id)).toMatchObject({
      status: 'open',
      reporter: { id: owner.user.id, role: 'homeowner', name: owner.user.name, email: owner.user.email },
      job: { id: jobId, issueSlug: 'clogged-drain', currentStatus: 'scheduled', refundLimit: '300.00' },
    });
    const onlyAnswered = await admin.agent.get('/api/admin/reports').query({ status: 'answered' });
    expect(onlyAnswered.body.map((report: { status: string }) => report.status)).not.toContain('open');
    expect(onlyAnswered.body.map((report: { id: string }) => report.id)).toContain(answered.body.id);
    expect((await admin.agent.get('/api/admin/reports').query({ status: 'new' })).status).toBe(400);
    expect((await owner.agent.get('/api/admin/reports')).status).toBe(403);
  });

  it('answers with a refund: the reporter is notified once in the bell and by mail, and reads it in the job room', async () => {
    const jobId = await quotedJob({ hired: true });
    const report = await file(owner, jobId);
    const answer = 'We are sorry: the plumber will come back tomorrow at no cost.';

    const res = await decide(report.body.id, { status: 'answered', answer, refundAmount: '25.5' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'answered',
      answer,
      refundAmount: '25.50',
      answeredBy: admin.user.id,
      answeredAt: expect.any(String),
      closedAt: null,
    });
    const again = await decide(report.body.id, { status: 'answered', answer: 'A second answer' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(REPORT_SERVICE_MESSAGES.alreadyAnswered);

    const bell = await owner.agent.get('/api/notifications');
    const about = bell.body.items.filter(
      (item: { jobId: string; kind: string }) => item.jobId === jobId && item.kind === 'status_changed',
    );
    expect(about).toEqual([
      expect.objectContaining({
        kind: 'status_changed',
        title: ANSWERED_TITLE,
        body: expect.stringContaining(answer),
      }),
    ]);
    expect(about[0].body).toContain('Refund: $25.50');
    const mail = await mailAbout(owner.user.email, ANSWERED_TITLE, jobId);
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain('Refund: $25.50');

    const room = await owner.agent.get(`/api/jobs/${jobId}/reports`);
    expect(room.body[0]).toMatchObject({ status: 'answered', answer, refundAmount: '25.50' });

    const closed = await decide(report.body.id, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      answer,
      refundAmount: '25.50',
      closedAt: expect.any(String),
    });
    const titles = (await reportNotices(owner.user.id, jobId)).map((row) => row.title).sort();
    expect(titles).toEqual([ANSWERED_TITLE, CLOSED_TITLE].sort());
    for (const decision of [{ status: 'closed' }, { status: 'answered', answer: 'Reopening' }]) {
      const late = await decide(report.body.id, decision);
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(REPORT_SERVICE_MESSAGES.closed);
    }
    expect(await reportNotices(owner.user.id, jobId)).toHaveLength(2);
    expect((await auditOf(report.body.id)).map((row) => row.action)).toEqual([
      'report.answer',
      'report.close',
    ]);
  });

  it('mails the answer only to reporters who keep status changes mailed', async () => {
    const jobId = await quotedJob({ hired: true });
    const quiet = await plumber.agent
      .patch('/api/account/notifications')
      .send({ email: { status_changed: false } });
    expect(quiet.status).toBe(200);
    const fromPlumber = await file(plumber, jobId, {
      reason: 'billing',
      details: 'The homeowner has not paid yet.',
    });
    const fromOwner = await file(owner, jobId, {
      reason: 'quality',
      details: 'The pipe still knocks at night.',
    });

    // The quiet reporter first: a mail wrongly queued for it would be delivered before the other.
    expect(
      (await decide(fromPlumber.body.id, { status: 'closed', answer: 'Payment is on its way.' })).status,
    ).toBe(200);
    expect(
      (await decide(fromOwner.body.id, { status: 'answered', answer: 'A plumber will call you.' })).status,
    ).toBe(200);
    await mailAbout(owner.user.email, ANSWERED_TITLE, jobId);
    expect((await mailTo(ctx, plumber.user.email)).filter((mail) => mail.subject === CLOSED_TITLE)).toEqual(
      [],
    );
    const bell = await plumber.agent.get('/api/notifications');
    expect(
      bell.body.items.find(
        (item: { jobId: string; kind: string }) => item.jobId === jobId && item.kind === 'status_changed',
      ),
    ).toMatchObject({
      title: CLOSED_TITLE,
      body: expect.stringContaining('Payment is on its way.'),
    });
    await plumber.agent.patch('/api/account/notifications').send({ email: { status_changed: true } });
  });

  it('checks the refund: not negative, cents at most, no more than the homeowner agreed to pay', async () => {
    const jobId = await quotedJob({ hired: true });
    // The accepted quote's maximum (300) and an approved change order (80): at most 380.
    const order = await plumber.agent
      .post(`/api/jobs/${jobId}/change-orders`)
      .send({ amount: 80, reason: 'The shut-off valve is corroded' });
    expect(order.status).toBe(201);
    expect((await owner.agent.post(`/api/jobs/${jobId}/change-orders/${order.body.id}/approve`)).status).toBe(
      200,
    );
    const report = await file(owner, jobId, {
      reason: 'billing',
      details: 'I was billed for a valve twice.',
    });
    const unchanged = async () => {
      expect(await reportRow(report.body.id)).toMatchObject({
        status: 'open',
        refundAmount: null,
        answer: null,
      });
      expect(await auditOf(report.body.id)).toEqual([]);
    };

    const cases: [object, string][] = [
      [{ status: 'answered', answer: 'Refunded', refundAmount: -1 }, REPORT_MESSAGES.refundNegative],
      [{ status: 'answered', answer: 'Refunded', refundAmount: '10.005' }, REPORT_MESSAGES.refundDecimals],
      [{ status: 'answered', answer: 'Refunded', refundAmount: 'ten' }, REPORT_MESSAGES.refundNotNumber],
      [{ status: 'answered', answer: 'Refunded', refundAmount: '1e3' }, REPORT_MESSAGES.refundNotNumber],
      [{ status: 'answered', refundAmount: 10 }, REPORT_MESSAGES.answerRequired],
      [{ status: 'open', answer: 'Reopened' }, REPORT_MESSAGES.decisionInvalid],
      [
        { status: 'answered', answer: 'Refunded', refundAmount: '380.01' },
        REPORT_SERVICE_MESSAGES.refundAboveLimit('380.00'),
      ],
    ];
    for (const [decision, message] of cases) {
      const res = await decide(report.body.id, decision);
      expect(res.status, JSON.stringify(decision)).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
      await unchanged();
    }
    expect(REPORT_SERVICE_MESSAGES.refundAboveLimit('380.00')).toContain('$380');

    const full = await decide(report.body.id, {
      status: 'answered',
      answer: 'Refunded in full',
      refundAmount: 380,
    });
    expect(full.status, full.text).toBe(200);
    expect(full.body.refundAmount).toBe('380.00');

    // Before a quote is accepted no amount was agreed: only the column's own bound applies.
    const openJob = await quotedJob();
    const early = await file(owner, openJob);
    const big = await decide(early.body.id, { status: 'closed', refundAmount: '5000' });
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ refundAmount: '5000.00', answer: null, job: { refundLimit: null } });
    // A refund of 0 is a decision: recorded, and the reporter reads no amount.
    const zeroJob = await quotedJob();
    const zero = await file(owner, zeroJob);
    expect(
      (await decide(zero.body.id, { status: 'closed', answer: 'No refund is due.', refundAmount: 0 })).body
        .refundAmount,
    ).toBe('0.00');
    const [told] = await reportNotices(owner.user.id, zeroJob);
    expect(told.body).not.toContain('Refund');
  });

  it('writes the change and its audit row in one transaction, and nothing when refused', async () => {
    const jobId = await quotedJob();
    const report = await file(owner, jobId);
    const refused = await decide(report.body.id, { status: 'answered' });
    expect(refused.status).toBe(400);
    expect(await auditOf(report.body.id)).toEqual([]);

    const answer = 'Thank you: we have warned the plumber.';
    expect((await decide(report.body.id, { status: 'answered', answer })).status).toBe(200);
    const [entry] = await auditOf(report.body.id);
    expect(entry).toMatchObject({
      action: 'report.answer',
      actorId: admin.user.id,
      reason: answer,
      before: expect.objectContaining({ status: 'open', answer: null }),
      after: expect.objectContaining({ status: 'answered', answer }),
    });
    expect(await writtenBy('audit_log', entry.id)).toBe(await writtenBy('job_reports', report.body.id));
    const missing = await decide('00000000-0000-4000-8000-000000000000', { status: 'closed' });
    expect(missing.status).toBe(404);
  });
});
