import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PAYOUT_MESSAGES,
  adminPayoutSchema,
  adminPayoutsPageSchema,
  type AdminPayoutsPage,
} from '@shared/contracts/admin-payouts';
import { addCalendarDays, instantOnClock, todayIn } from '@shared/dates';
import { auditLog, notifications, payouts } from '@shared/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo';
import { waitForMail } from '../auth/account-tokens.fixtures';
import {
  acceptQuote,
  createJob,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
} from '../jobs/marketplace.fixtures';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { insertCompletedJobWithPayout, insertHomeowner, insertPlumber } from './payouts.fixtures';

type Agent = ReturnType<TestContext['agent']>;

/**
 * A strict RFC 4180 reader: records end in CRLF (the last one too), a field is either bare (no
 * comma, quote, CR or LF) or quoted with its quotes doubled. Anything else throws, so a writer that
 * breaks the format fails the test instead of being read leniently.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside a bare field at ${i}`);
        field += text[i];
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
    }
  }
  if (record.length > 0) throw new Error('the last record does not end in CRLF');
  return records;
}

describe(`admin payouts (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let admin: Agent;
  let zone: string;
  let customerId: string;
  /** The plumbers of the fixture; their names and businesses test the CSV's escaping. */
  let plumberA: string;
  let plumberB: string;
  /** Days on the app's clock: the fixture's payouts are written on `day` and the days around it. */
  let day: string;
  const at = (date: string, time: string) => instantOnClock(date, time, zone);

  async function loggedInAdmin(): Promise<Agent> {
    const agent = ctx.agent();
    const res = await agent
      .post('/api/auth/login')
      .send({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  }

  async function ledger(query: Record<string, string> = {}): Promise<AdminPayoutsPage> {
    const res = await admin.get('/api/admin/payouts').query(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return adminPayoutsPageSchema.parse(res.body);
  }

  const payoutRow = async (id: string) =>
    (await ctx.database.db.select().from(payouts).where(eq(payouts.id, id)))[0];
  /** What the plumber of the payout's job was told about its payment. */
  const paidNotices = async (payoutId: string) => {
    const { jobId } = await payoutRow(payoutId);
    return ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.jobId, jobId), eq(notifications.kind, 'payout_paid')));
  };
  const auditRows = (id: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payout'), eq(auditLog.entityId, id)));

  beforeAll(async () => {
    // Delivered: marking a payout paid mails its plumber.
    ctx = await createTestContext({ seed: true, mailQueue: { deliver: true } });
    zone = ctx.config.appTimeZone;
    admin = await loggedInAdmin();
    customerId = await insertHomeowner(ctx.database.db);
    plumberA = await insertPlumber(ctx.database.db, {
      name: 'Ann "Wrench" Lee',
      businessName: 'Lee, Pipes & Sons',
    });
    plumberB = await insertPlumber(ctx.database.db, {
      name: '=HYPERLINK("http://evil.example","click")',
      businessName: 'Two\r\nLine Plumbing',
    });
    // Sixty days back, so the days around it are far from any job the tests complete today.
    day = addCalendarDays(todayIn(zone), -60);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Only this fixture's payouts: every test starts from the same ledger. */
  let ids: Record<string, string>;
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.execute(sql`delete from payouts`);
    const add = async (
      key: string,
      values: Omit<Parameters<typeof insertCompletedJobWithPayout>[1], 'customerId'>,
    ) => {
      ids[key] = (await insertCompletedJobWithPayout(db, { customerId, ...values })).payoutId;
    };
    ids = {};
    // The day before `day`, late in the evening on the app's clock.
    await add('early', {
      plumberId: plumberA,
      gross: '150.00',
      status: 'paid',
      createdAt: at(addCalendarDays(day, -1), '23:30'),
      reference: 'TR-0001',
      paidAt: at(day, '09:00'),
      issueSlug: 'clogged-drain',
    });
    // The first minute and the last of `day` on the app's clock (other dates in UTC and in Kolkata).
    await add('dayStart', {
      plumberId: plumberB,
      gross: '200.00',
      status: 'pending',
      createdAt: at(day, '00:00'),
    });
    await add('dayEnd', {
      plumberId: plumberA,
      gross: '80.00',
      status: 'failed',
      createdAt: at(day, '23:59'),
    });
    // The next day.
    await add('late', {
      plumberId: plumberB,
      gross: '99.90',
      status: 'pending',
      createdAt: at(addCalendarDays(day, 1), '00:00'),
    });
  });

  describe('GET /api/admin/payouts', () => {
    it('lists every payout newest first, with its job, plumber, amounts and the app’s zone', async () => {
      const page = await ledger();
      expect(page).toMatchObject({ timeZone: zone, page: 1, pageSize: 50, total: 4 });
      expect(page.items.map((item) => item.id)).toEqual([ids.late, ids.dayEnd, ids.dayStart, ids.early]);
      const early = page.items[3];
      expect(early).toMatchObject({
        job: { issueSlug: 'clogged-drain' },
        plumber: { id: plumberA, name: 'Ann "Wrench" Lee', businessName: 'Lee, Pipes & Sons' },
        gross: '150.00',
        fee: '15.00',
        net: '135.00',
        status: 'paid',
        createdAt: at(addCalendarDays(day, -1), '23:30').toISOString(),
        paidAt: at(day, '09:00').toISOString(),
        reference: 'TR-0001',
      });
      expect(page.items[0]).toMatchObject({ status: 'pending', paidAt: null, reference: null });
    });

    it('filters by status', async () => {
      expect((await ledger({ status: 'pending' })).items.map((item) => item.id)).toEqual([
        ids.late,
        ids.dayStart,
      ]);
      expect((await ledger({ status: 'paid' })).items.map((item) => item.id)).toEqual([ids.early]);
      expect((await ledger({ status: 'failed' })).items.map((item) => item.id)).toEqual([ids.dayEnd]);
    });

    it('filters by days on the app’s clock, both ends inclusive', async () => {
      const onDay = await ledger({ from: day, to: day });
      expect(onDay.items.map((item) => item.id)).toEqual([ids.dayEnd, ids.dayStart]);
      expect(onDay.total).toBe(2);
      expect((await ledger({ from: day })).items.map((item) => item.id)).toEqual([
        ids.late,
        ids.dayEnd,
        ids.dayStart,
      ]);
      expect((await ledger({ to: addCalendarDays(day, -1) })).items.map((item) => item.id)).toEqual([
        ids.early,
      ]);
      expect((await ledger({ from: day, to: day, status: 'failed' })).items.map((item) => item.id)).toEqual([
        ids.dayEnd,
      ]);
    });

    it('pages through the ledger, the total counting every match', async () => {
      const first = await ledger({ pageSize: '3' });
      const second = await ledger({ pageSize: '3', page: '2' });
      expect(first.items).toHaveLength(3);
      expect(second.items.map((item) => item.id)).toEqual([ids.early]);
      expect([first.total, second.total]).toEqual([4, 4]);
      expect((await ledger({ page: '3', pageSize: '3' })).items).toEqual([]);
    });

    it('totals the whole filtered ledger: overall, per plumber (largest first) and per month', async () => {
      const { totals } = await ledger();
      // A: 150.00 paid + 80.00 failed; B: 200.00 + 99.90 pending. Fees are 10%, in whole cents.
      expect(totals.all).toEqual({
        payouts: 4,
        gross: '529.90',
        fee: '52.99',
        net: '476.91',
        paidNet: '135.00',
        unpaidNet: '341.91',
      });
      expect(totals.plumberCount).toBe(2);
      expect(totals.byPlumber).toEqual([
        {
          plumberId: plumberB,
          name: '=HYPERLINK("http://evil.example","click")',
          businessName: 'Two\r\nLine Plumbing',
          payouts: 2,
          gross: '299.90',
          fee: '29.99',
          net: '269.91',
          paidNet: '0.00',
          unpaidNet: '269.91',
        },
        {
          plumberId: plumberA,
          name: 'Ann "Wrench" Lee',
          businessName: 'Lee, Pipes & Sons',
          payouts: 2,
          gross: '230.00',
          fee: '23.00',
          net: '207.00',
          paidNet: '135.00',
          unpaidNet: '72.00',
        },
      ]);
      const months = [
        ...new Set([addCalendarDays(day, -1), day, addCalendarDays(day, 1)].map((d) => d.slice(0, 7))),
      ];
      expect(totals.byMonth.map((row) => row.month)).toEqual(months.sort().reverse());
      expect(totals.byMonth.reduce((sum, row) => sum + row.payouts, 0)).toBe(4);

      const filtered = (await ledger({ status: 'pending' })).totals;
      expect(filtered.all).toMatchObject({
        payouts: 2,
        gross: '299.90',
        paidNet: '0.00',
        unpaidNet: '269.91',
      });
      expect(filtered.byPlumber.map((row) => row.plumberId)).toEqual([plumberB]);
    });

    it('puts each payout in the month of the app’s clock', async () => {
      // The last second of a month on the app's clock is already the next month in UTC and in Kolkata.
      const db = ctx.database.db;
      await db.execute(sql`delete from payouts`);
      const firstOfMonth = `${day.slice(0, 7)}-01`;
      const lastOfPrevious = addCalendarDays(firstOfMonth, -1);
      await insertCompletedJobWithPayout(db, {
        customerId,
        plumberId: plumberA,
        gross: '10.00',
        status: 'pending',
        createdAt: at(lastOfPrevious, '23:59'),
      });
      await insertCompletedJobWithPayout(db, {
        customerId,
        plumberId: plumberA,
        gross: '20.00',
        status: 'pending',
        createdAt: at(firstOfMonth, '00:00'),
      });
      const { byMonth } = (await ledger()).totals;
      expect(byMonth.map((row) => [row.month, row.gross])).toEqual([
        [firstOfMonth.slice(0, 7), '20.00'],
        [lastOfPrevious.slice(0, 7), '10.00'],
      ]);
    });

    it('lists the payout a job’s completion writes', async () => {
      const homeowner = await registerActor(ctx, 'homeowner');
      const plumber = await registerPlumber(ctx);
      const job = await createJob(ctx, homeowner.user.id);
      const quoteId = await sendQuote(plumber, job.id, 180, 240);
      await acceptQuote(homeowner, job.id, quoteId);
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
      expect((await setStatus(plumber, job.id, 'completed', { finalAmount: 200 })).status).toBe(200);
      const page = await ledger({ status: 'pending', from: todayIn(zone) });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        job: { id: job.id, issueSlug: 'clogged-drain' },
        plumber: { id: plumber.plumberId, name: plumber.user.name },
        status: 'pending',
      });
    });

    it.each([
      ['an unknown status', 'status=unknown', ADMIN_PAYOUT_MESSAGES.statusInvalid],
      ['from after to', `from=2026-02-02&to=2026-02-01`, ADMIN_PAYOUT_MESSAGES.rangeInverted],
      ['an impossible day', 'from=2026-02-30', 'Date must be in YYYY-MM-DD format'],
      ['a page size over 200', 'pageSize=201', ADMIN_PAYOUT_MESSAGES.pageSizeInvalid],
      ['page 0', 'page=0', ADMIN_PAYOUT_MESSAGES.pageInvalid],
      ['a repeated status', 'status=paid&status=pending', ADMIN_PAYOUT_MESSAGES.statusInvalid],
    ])('refuses %s with 400 and the message', async (_label, query, message) => {
      const res = await admin.get(`/api/admin/payouts?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    });
  });

  describe('POST /api/admin/payouts/:payoutId/paid', () => {
    it('marks a pending payout paid with the trimmed reference, now, and audits it in the same change', async () => {
      const before = Date.now();
      const res = await admin
        .post(`/api/admin/payouts/${ids.dayStart}/paid`)
        .send({ reference: '  BANK-778 / 2026  ' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = adminPayoutSchema.parse(res.body);
      expect(answer).toMatchObject({
        id: ids.dayStart,
        status: 'paid',
        reference: 'BANK-778 / 2026',
        gross: '200.00',
      });
      // The database's clock and the test's may differ by a little: a generous window, not a timing.
      expect(Date.parse(answer.paidAt!)).toBeGreaterThan(before - 60_000);
      expect(Date.parse(answer.paidAt!)).toBeLessThan(Date.now() + 60_000);

      const stored = await payoutRow(ids.dayStart);
      expect(stored).toMatchObject({ status: 'paid', paymentProviderId: 'BANK-778 / 2026' });
      expect(stored.paidAt?.toISOString()).toBe(answer.paidAt);

      const audit = await auditRows(ids.dayStart);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'payout.mark_paid',
        entityType: 'payout',
        actorEmail: DEMO_USERS.admin.email,
        before: {
          status: 'pending',
          reference: null,
          paidAt: null,
          plumberId: plumberB,
          plumberNet: '180.00',
        },
        after: { status: 'paid', reference: 'BANK-778 / 2026', paidAt: answer.paidAt },
      });
      // The audit tab shows it too.
      const listed = await admin.get('/api/admin/audit').query({ entity: 'payout' });
      expect(listed.body.map((entry: { entityId: string }) => entry.entityId)).toContain(ids.dayStart);
    });

    it('marks a failed payout paid', async () => {
      const res = await admin.post(`/api/admin/payouts/${ids.dayEnd}/paid`).send({ reference: 'RETRY-1' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'paid', reference: 'RETRY-1' });
    });

    it('answers 409 for a payout already paid, and changes nothing', async () => {
      const res = await admin.post(`/api/admin/payouts/${ids.early}/paid`).send({ reference: 'SECOND' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: ADMIN_PAYOUT_MESSAGES.alreadyPaid, code: 'CONFLICT' });
      expect(await payoutRow(ids.early)).toMatchObject({ status: 'paid', paymentProviderId: 'TR-0001' });
      expect(await auditRows(ids.early)).toHaveLength(0);
      expect(await paidNotices(ids.early)).toHaveLength(0);

      expect(
        (await admin.post(`/api/admin/payouts/${ids.late}/paid`).send({ reference: 'FIRST' })).status,
      ).toBe(200);
      const again = await admin.post(`/api/admin/payouts/${ids.late}/paid`).send({ reference: 'SECOND' });
      expect(again.status).toBe(409);
      expect(await payoutRow(ids.late)).toMatchObject({ paymentProviderId: 'FIRST' });
      expect(await auditRows(ids.late)).toHaveLength(1);
      expect((await paidNotices(ids.late)).map((notice) => notice.body)).toEqual([
        'Payout of $89.91 for Leaky Faucet was paid (reference FIRST).',
      ]);
    });

    it('lets exactly one of two admins marking the same payout at once win', async () => {
      const other = await loggedInAdmin();
      const [first, second] = await Promise.all([
        admin.post(`/api/admin/payouts/${ids.dayStart}/paid`).send({ reference: 'RACE-A' }),
        other.post(`/api/admin/payouts/${ids.dayStart}/paid`).send({ reference: 'RACE-B' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = first.status === 200 ? 'RACE-A' : 'RACE-B';
      expect(await payoutRow(ids.dayStart)).toMatchObject({ status: 'paid', paymentProviderId: winner });
      const audit = await auditRows(ids.dayStart);
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ reference: winner });
      // The plumber is told once, with the reference that won.
      const notices = await paidNotices(ids.dayStart);
      expect(notices).toHaveLength(1);
      expect(notices[0].body).toContain(`(reference ${winner})`);
    });

    it('tells the plumber once, in the bell and by mail, and their jobs list shows it paid with the date', async () => {
      const homeowner = await registerActor(ctx, 'homeowner');
      const plumber = await registerPlumber(ctx);
      const job = await createJob(ctx, homeowner.user.id);
      const quoteId = await sendQuote(plumber, job.id, 180, 240);
      await acceptQuote(homeowner, job.id, quoteId);
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
      expect((await setStatus(plumber, job.id, 'completed', { finalAmount: 200 })).status).toBe(200);
      const [pending] = (await ledger({ status: 'pending', from: todayIn(zone) })).items.filter(
        (payout) => payout.job.id === job.id,
      );
      const assignedBefore = await plumber.agent.get('/api/jobs/assigned');
      expect(assignedBefore.body.find((row: { id: string }) => row.id === job.id).payout).toMatchObject({
        status: 'pending',
        paidAt: null,
      });

      const paid = await admin.post(`/api/admin/payouts/${pending.id}/paid`).send({ reference: 'ACH 55-01' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const text = 'Payout of $180 for Clogged Drain was paid (reference ACH 55-01).';

      const bell = await plumber.agent.get('/api/notifications');
      const told = bell.body.items.filter((item: { kind: string }) => item.kind === 'payout_paid');
      expect(told).toEqual([
        expect.objectContaining({ jobId: job.id, title: 'Your payout was paid', body: text, readAt: null }),
      ]);
      // The plumber has had other mail (its verification link, the accepted quote): wait for this one.
      let mail;
      for (let count = 1; !mail; count += 1) {
        mail = (await waitForMail(ctx, plumber.user.email, count)).find(
          (candidate) => candidate.subject === 'Your payout was paid',
        );
      }
      expect(mail.text).toContain(text);
      expect(mail.links).toContain(`${ctx.config.publicUrl}/jobs/${job.id}`);
      // Nobody else is told: the homeowner's bell has no payout.
      const ownerBell = await homeowner.agent.get('/api/notifications');
      expect(ownerBell.body.items.map((item: { kind: string }) => item.kind)).not.toContain('payout_paid');

      const assigned = await plumber.agent.get('/api/jobs/assigned');
      expect(assigned.body.find((row: { id: string }) => row.id === job.id).payout).toMatchObject({
        plumberNet: '180.00',
        status: 'paid',
        paidAt: paid.body.paidAt,
      });
    });

    it.each([
      ['a missing reference', {}, ADMIN_PAYOUT_MESSAGES.referenceRequired],
      ['an empty reference', { reference: '' }, ADMIN_PAYOUT_MESSAGES.referenceRequired],
      ['spaces only', { reference: '   ' }, ADMIN_PAYOUT_MESSAGES.referenceRequired],
      ['a number', { reference: 12345 }, ADMIN_PAYOUT_MESSAGES.referenceRequired],
      ['101 characters', { reference: 'R'.repeat(101) }, ADMIN_PAYOUT_MESSAGES.referenceMax],
      ['a line break', { reference: 'TR-1\nTR-2' }, ADMIN_PAYOUT_MESSAGES.referenceInvalid],
      ['a NUL', { reference: 'TR\u00001' }, ADMIN_PAYOUT_MESSAGES.referenceInvalid],
      ['a right-to-left override', { reference: 'TR-\u202E1001' }, ADMIN_PAYOUT_MESSAGES.referenceInvalid],
      ['a zero-width space', { reference: 'TR\u200B1' }, ADMIN_PAYOUT_MESSAGES.referenceInvalid],
    ])('refuses %s with 400, the payout unchanged', async (_label, body, message) => {
      const res = await admin.post(`/api/admin/payouts/${ids.dayStart}/paid`).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(await payoutRow(ids.dayStart)).toMatchObject({ status: 'pending', paymentProviderId: null });
      expect(await auditRows(ids.dayStart)).toHaveLength(0);
    });

    it('accepts 100 characters, accents and punctuation', async () => {
      const reference = `Überweisung ${'#'.repeat(88)}`;
      expect(reference).toHaveLength(100);
      const res = await admin.post(`/api/admin/payouts/${ids.dayStart}/paid`).send({ reference });
      expect(res.status).toBe(200);
      expect(res.body.reference).toBe(reference);
    });

    it('answers 404 for an unknown payout and 400 for a malformed id', async () => {
      const unknown = await admin
        .post('/api/admin/payouts/00000000-0000-4000-8000-000000000000/paid')
        .send({ reference: 'X' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: ADMIN_PAYOUT_MESSAGES.notFound, code: 'NOT_FOUND' });
      const malformed = await admin.post('/api/admin/payouts/not-a-uuid/paid').send({ reference: 'X' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ error: ADMIN_PAYOUT_MESSAGES.payoutIdInvalid });
    });
  });

  describe('GET /api/admin/payouts.csv', () => {
    const range = () => ({ from: addCalendarDays(day, -1), to: addCalendarDays(day, 1) });

    it('downloads RFC 4180 CSV named after the range, oldest first, with the header row', async () => {
      const res = await admin.get('/api/admin/payouts.csv').query(range()).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="payouts-${range().from}-${range().to}.csv"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      // Every line ends in CRLF: no bare LF outside a quoted field.
      expect(res.text.endsWith('\r\n')).toBe(true);
      const rows = readCsv(res.text);
      expect(rows[0]).toEqual([
        'Payout ID',
        `Created (${zone})`,
        'Job ID',
        'Issue',
        'Plumber',
        'Business',
        'Gross',
        'Fee',
        'Net',
        'Status',
        `Paid At (${zone})`,
        'Reference',
      ]);
      expect(rows.slice(1).map((row) => row[0])).toEqual([ids.early, ids.dayStart, ids.dayEnd, ids.late]);
      for (const row of rows) expect(row).toHaveLength(12);
      const [, early, dayStart] = rows;
      expect(early.slice(1)).toEqual([
        `${addCalendarDays(day, -1)} 23:30:00`,
        expect.stringMatching(/^[0-9a-f-]{36}$/),
        'Clogged Drain',
        'Ann "Wrench" Lee',
        'Lee, Pipes & Sons',
        '150.00',
        '15.00',
        '135.00',
        'paid',
        `${day} 09:00:00`,
        'TR-0001',
      ]);
      // A name that is a formula is neutralised with a leading quote; a line break survives quoted.
      expect(dayStart.slice(4, 10)).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        'Two\r\nLine Plumbing',
        '200.00',
        '20.00',
        '180.00',
        'pending',
      ]);
      expect(dayStart[10]).toBe('');
      // As written: the quotes doubled inside a quoted field.
      expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(res.text).toContain(`"Ann ""Wrench"" Lee","Lee, Pipes & Sons"`);
    });

    it.each([
      ['=1+1', "'=1+1"],
      ['+15551234', "'+15551234"],
      ['-5', "'-5"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      ['\tTAB', "'\tTAB"],
      ['\rCR', "'\rCR"],
      ['TR=1', 'TR=1'],
      [' =1', ' =1'],
    ])('writes a reference %j as %j', async (reference, expected) => {
      // References of that shape are refused by the API (a tab, a CR): written straight to the table.
      await ctx.database.db
        .update(payouts)
        .set({ status: 'paid', paymentProviderId: reference, paidAt: at(day, '12:00') })
        .where(eq(payouts.id, ids.dayStart));
      const res = await admin.get('/api/admin/payouts.csv').query({ from: day, to: day }).buffer(true);
      const rows = readCsv(res.text);
      const row = rows.find((candidate) => candidate[0] === ids.dayStart)!;
      expect(row[11]).toBe(expected);
      // Amounts are never negative, so never prefixed.
      expect(row.slice(6, 9)).toEqual(['200.00', '20.00', '180.00']);
    });

    it('takes days on the app’s clock, both ends inclusive; an empty range is the header alone', async () => {
      const onDay = readCsv(
        (await admin.get('/api/admin/payouts.csv').query({ from: day, to: day }).buffer(true)).text,
      );
      expect(onDay.slice(1).map((row) => row[0])).toEqual([ids.dayStart, ids.dayEnd]);
      const empty = await admin
        .get('/api/admin/payouts.csv')
        .query({ from: addCalendarDays(day, 5), to: addCalendarDays(day, 6) })
        .buffer(true);
      expect(empty.status).toBe(200);
      expect(readCsv(empty.text)).toHaveLength(1);
    });

    it('streams a long export in batches, every payout exactly once, in order', async () => {
      const db = ctx.database.db;
      // 2,345 payouts on `day`: more than two batches of 1,000, seven at a time written at the same
      // instant, so batches end inside a run of equal times (the id orders those).
      await db.execute(sql`
        with made as (
          insert into jobs (customer_id, issue_slug, issue_description, address, current_status, created_at)
          select ${customerId}::uuid, 'leaky-faucet', 'Batch ' || g, '1 Test St, Austin, TX 78701', 'completed',
                 ${at(day, '01:00').toISOString()}::timestamptz + (g / 7) * interval '1 second'
            from generate_series(1, 2345) g
          returning id, created_at
        )
        insert into payouts (job_id, plumber_id, plumber_gross, platform_fee, plumber_net, created_at)
        select id, ${plumberA}::uuid, 10.00, 1.00, 9.00, created_at from made`);
      const res = await admin.get('/api/admin/payouts.csv').query({ from: day, to: day }).buffer(true);
      const rows = readCsv(res.text).slice(1);
      expect(rows).toHaveLength(2345 + 2);
      expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
      // Oldest first, equal times by id (a uuid orders as its lower-case text does).
      const keys = rows.map((row) => `${row[1]} ${row[0]}`);
      expect(keys).toEqual([...keys].sort());
    });

    it.each([
      ['without from', (from: string, to: string) => `to=${to}`, ADMIN_PAYOUT_MESSAGES.fromRequired],
      ['without to', (from: string) => `from=${from}`, ADMIN_PAYOUT_MESSAGES.toRequired],
      [
        'with from after to',
        (from: string, to: string) => `from=${to}&to=${from}`,
        ADMIN_PAYOUT_MESSAGES.rangeInverted,
      ],
    ])('refuses a range %s with 400 JSON', async (_label, query, message) => {
      const res = await admin.get(`/api/admin/payouts.csv?${query(addCalendarDays(day, -1), day)}`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    });

    it('is for admins only', async () => {
      expect((await ctx.request.get('/api/admin/payouts.csv').query(range())).status).toBe(401);
      const homeowner = await registerActor(ctx, 'homeowner');
      const res = await homeowner.agent.get('/api/admin/payouts.csv').query(range());
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });
  });
});
