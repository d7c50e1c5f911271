import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsSchema, type AdminStats } from '@shared/contracts/admin';
import { QUOTE_FIGURES_WINDOW_DAYS, REVENUE_MONTHS } from '@shared/contracts/admin-figures';
import { instantOnClock, todayIn } from '@shared/dates';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo';
import {
  insertCompletedJobWithPayout,
  insertHomeowner,
  insertJob,
  insertPlumber,
  insertQuote,
} from '../payouts/payouts.fixtures';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { lastMonthsOnClock } from './admin-figures.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'YYYY-MM' of the month `back` months before `year`-`month` (1–12), written out by hand. */
function monthBefore(year: number, month: number, back: number): string {
  let y = year;
  let m = month - back;
  while (m < 1) {
    m += 12;
    y -= 1;
  }
  return `${y}-${String(m).padStart(2, '0')}`;
}

describe(`admin dashboard figures (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let stats: AdminStats;
  /** The app's clock (APP_TIME_ZONE), not the test process's (TZ=Asia/Kolkata). */
  let zone: string;
  let thisMonth: string;
  let lastMonth: string;
  let oldestMonth: string;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    zone = ctx.config.appTimeZone;
    const db = ctx.database.db;
    // Only this fixture's jobs count: the demo jobs go (their quotes and payouts with them).
    await db.execute(sql`delete from jobs`);

    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const customerId = await insertHomeowner(db);
    const [p1, p2, p3] = [
      await insertPlumber(db, { name: 'Figure One', businessName: 'One Pipes' }),
      await insertPlumber(db, { name: 'Figure Two', businessName: 'Two Pipes' }),
      await insertPlumber(db, { name: 'Figure Three', businessName: 'Three Pipes' }),
    ];

    // Inside the 30-day window.
    const j1 = await insertJob(db, { customerId, createdAt: ago(2 * DAY), status: 'scheduled' });
    await insertQuote(db, { jobId: j1, plumberId: p1, createdAt: ago(2 * DAY - HOUR), status: 'accepted' });
    await insertQuote(db, {
      jobId: j1,
      plumberId: p2,
      createdAt: ago(2 * DAY - 3 * HOUR),
      status: 'declined',
    });
    const j2 = await insertJob(db, { customerId, createdAt: ago(3 * DAY), status: 'quoted' });
    await insertQuote(db, {
      jobId: j2,
      plumberId: p1,
      createdAt: ago(3 * DAY - HOUR / 2),
      status: 'pending',
    });
    const j3 = await insertJob(db, { customerId, createdAt: ago(DAY), status: 'in_progress' });
    await insertQuote(db, { jobId: j3, plumberId: p1, createdAt: ago(DAY - 2 * HOUR), status: 'declined' });
    await insertQuote(db, { jobId: j3, plumberId: p2, createdAt: ago(DAY - 4 * HOUR), status: 'accepted' });
    await insertQuote(db, { jobId: j3, plumberId: p3, createdAt: ago(DAY - 5 * HOUR), status: 'declined' });
    await insertJob(db, { customerId, createdAt: ago(5 * DAY), status: 'requested' });
    // Outside it: posted 40 and 35 days ago; the second's quote is recent, but its job is not.
    const j5 = await insertJob(db, { customerId, createdAt: ago(40 * DAY), status: 'draft' });
    await insertQuote(db, {
      jobId: j5,
      plumberId: p1,
      createdAt: ago(40 * DAY - 600_000),
      status: 'accepted',
    });
    const j6 = await insertJob(db, { customerId, createdAt: ago(35 * DAY), status: 'cancelled' });
    await insertQuote(db, { jobId: j6, plumberId: p1, createdAt: ago(DAY), status: 'declined' });

    // Payouts around month boundaries on the app's clock; their jobs were posted long ago.
    const [year, month] = todayIn(zone).split('-').map(Number);
    thisMonth = monthBefore(year, month, 0);
    lastMonth = monthBefore(year, month, 1);
    oldestMonth = monthBefore(year, month, REVENUE_MONTHS - 1);
    const monthStart = (text: string) => instantOnClock(`${text}-01`, '00:00', zone);
    const payout = (gross: string, createdAt: Date, status: 'pending' | 'paid' | 'failed' = 'pending') =>
      insertCompletedJobWithPayout(db, {
        customerId,
        plumberId: p1,
        gross,
        status,
        createdAt,
        jobCreatedAt: ago(400 * DAY),
      });
    // The first instant of this month is this month's; a second before it is last month's.
    await payout('100.00', monthStart(thisMonth));
    await payout('72.50', new Date(monthStart(thisMonth).getTime() - 1000), 'paid');
    // A failed transfer still earned the fee.
    await payout('7.50', new Date(monthStart(lastMonth).getTime() + 12 * HOUR), 'failed');
    await payout('10.00', new Date(monthStart(oldestMonth).getTime() + HOUR), 'paid');
    // The month before the oldest listed one.
    await payout('999.00', new Date(monthStart(oldestMonth).getTime() - HOUR), 'paid');

    const admin = ctx.agent();
    expect(
      (await admin.post('/api/auth/login').send({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    stats = adminStatsSchema.parse(res.body);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('counts jobs in every status, with zeros, beside the existing counts', () => {
    // j1–j6 and the five jobs behind the payouts (completed).
    expect(stats.jobsByStatus).toEqual({
      draft: 1,
      requested: 1,
      quoted: 1,
      scheduled: 1,
      in_progress: 1,
      completed: 5,
      cancelled: 1,
    });
    expect(stats).toMatchObject({ totalJobs: 11, activeJobs: 5, completedJobs: 5, cancelledJobs: 1 });
  });

  it('reads the quote figures of the jobs posted in the last 30 days only', () => {
    // j1–j4 were posted in the window; j1, j2 and j3 got quotes (2 + 1 + 3); j1 and j3 are hired.
    // Their first quotes came after 1 h, 30 min and 2 h: the median is 1 h.
    expect(stats.quoteFigures).toEqual({
      windowDays: QUOTE_FIGURES_WINDOW_DAYS,
      jobsPosted: 4,
      jobsWithQuotes: 3,
      quotes: 6,
      averageQuotesPerQuotedJob: 2,
      medianSecondsToFirstQuote: 3600,
      jobsHired: 2,
      acceptanceRate: 2 / 3,
    });
  });

  it('sums the platform fees per month on the app’s clock, the last 12 months, every month listed', () => {
    expect(stats.revenueByMonth).toHaveLength(REVENUE_MONTHS);
    expect(stats.revenueByMonth[0].month).toBe(oldestMonth);
    expect(stats.revenueByMonth.at(-1)?.month).toBe(thisMonth);
    const months = stats.revenueByMonth.map((row) => row.month);
    expect(months).toEqual([...months].sort());
    expect(new Set(months).size).toBe(REVENUE_MONTHS);
    const byMonth = new Map(stats.revenueByMonth.map((row) => [row.month, row]));
    // 10% of 100.00; 10% of 72.50 (7.25) and of 7.50 (0.75); 10% of 10.00.
    expect(byMonth.get(thisMonth)).toEqual({ month: thisMonth, platformFees: '10.00', payouts: 1 });
    expect(byMonth.get(lastMonth)).toEqual({ month: lastMonth, platformFees: '8.00', payouts: 2 });
    expect(byMonth.get(oldestMonth)).toEqual({ month: oldestMonth, platformFees: '1.00', payouts: 1 });
    const rest = stats.revenueByMonth.filter(
      (row) => ![thisMonth, lastMonth, oldestMonth].includes(row.month),
    );
    expect(rest).toHaveLength(REVENUE_MONTHS - 3);
    for (const row of rest) expect(row).toMatchObject({ platformFees: '0.00', payouts: 0 });
  });
});

describe('lastMonthsOnClock', () => {
  it('lists calendar months on the zone’s clock across a year end, with DST-aware midnights', () => {
    // 2026-01-15 03:00 UTC is still 2026-01-14 in Chicago; three months back reaches November 2025.
    const months = lastMonthsOnClock(3, 'America/Chicago', new Date('2026-01-15T03:00:00Z'));
    expect(months.map((span) => span.month)).toEqual(['2025-11', '2025-12', '2026-01']);
    // November starts in daylight time (UTC−5), December in standard time (UTC−6).
    expect(months[0].starts.toISOString()).toBe('2025-11-01T05:00:00.000Z');
    expect(months[0].ends.toISOString()).toBe('2025-12-01T06:00:00.000Z');
    expect(months[2].ends.toISOString()).toBe('2026-02-01T06:00:00.000Z');
  });

  it('takes the month of the zone’s date, not of UTC', () => {
    // 2026-03-01 02:00 UTC is still February in Chicago, already March in Kolkata.
    const at = new Date('2026-03-01T02:00:00Z');
    expect(lastMonthsOnClock(1, 'America/Chicago', at)[0].month).toBe('2026-02');
    expect(lastMonthsOnClock(1, 'Asia/Kolkata', at)[0].month).toBe('2026-03');
  });
});
