import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Urgency } from '@shared/constants';
import {
  NEARBY_MESSAGES,
  NEARBY_PAGE_SIZE,
  encodeNearbyCursor,
  type NearbyJobsPage,
} from '@shared/contracts/jobs';
import { jobs } from '@shared/schema';
import type { Executor } from '../../db/client';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { haversineKm, lookupZip } from '../geo';
import {
  acceptQuote,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type PlumberActor,
} from './marketplace.fixtures';
import { postJob } from './jobs.service';

/**
 * GET /api/jobs/nearby in keyset pages (docs/decisions/035-nearby-pages.md): pages of
 * NEARBY_PAGE_SIZE, emergencies first, then nearest, then newest, then id; the next page resumes
 * exactly after the last job of the one before, ties at one spot included.
 */
describe(`nearby jobs in pages (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let owner: Actor;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
    owner = await registerActor(ctx, 'homeowner');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A job of the owner at a ZIP code's point (every job there is at the same distance). */
  const postAt = (db: Executor, zip: string, urgency: Urgency = 'routine') => {
    const place = lookupZip(zip)!;
    return postJob(db, {
      customerId: owner.user.id,
      issueSlug: 'clogged-drain',
      issueDescription: `Kitchen sink drains slowly (${zip}, ${urgency}).`,
      address: `100 Main St, ${place.city}, ${place.state} ${zip}`,
      lat: place.lat,
      lng: place.lng,
      urgency,
      preferredDate: null,
    });
  };
  /** `count` jobs posted one after the other: same distance, each newer than the last. */
  const postSeveral = async (count: number, zip: string, urgency: Urgency = 'routine') => {
    const posted = [];
    for (let i = 0; i < count; i++) posted.push(await postAt(ctx.database.db, zip, urgency));
    return posted;
  };
  /** `count` jobs posted in one transaction: same distance and same `created_at`, so only the id orders them. */
  const postTied = (count: number, zip: string) =>
    ctx.database.db.transaction(async (tx) => {
      const posted = [];
      for (let i = 0; i < count; i++) posted.push(await postAt(tx, zip));
      return posted;
    });

  const page = async (plumber: Actor, cursor?: string) => {
    const res = await plumber.agent.get('/api/jobs/nearby').query(cursor === undefined ? {} : { cursor });
    expect(res.status, res.text).toBe(200);
    return res.body as NearbyJobsPage;
  };

  /** Every page, from the first until `nextCursor` is null. */
  const allPages = async (plumber: Actor) => {
    const pages = [await page(plumber)];
    while (pages.at(-1)!.nextCursor) pages.push(await page(plumber, pages.at(-1)!.nextCursor!));
    return pages;
  };

  /**
   * The product's order (docs/product.md#screens-and-routes), computed here from the rows: emergencies first, then
   * distance from the plumber's ZIP code, then newest (to the microsecond), then id.
   */
  const expectedOrder = async (ids: string[], plumberZip: string) => {
    const rows = await ctx.database.db
      .select({
        id: jobs.id,
        urgency: jobs.urgency,
        lat: jobs.lat,
        lng: jobs.lng,
        createdAt: sql<string>`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    const from = lookupZip(plumberZip)!;
    const keyed = rows.map((row) => ({
      ...row,
      km: haversineKm(from, { lat: Number(row.lat), lng: Number(row.lng) }),
    }));
    keyed.sort(
      (a, b) =>
        Number(b.urgency === 'emergency') - Number(a.urgency === 'emergency') ||
        a.km - b.km ||
        (a.createdAt === b.createdAt ? 0 : a.createdAt > b.createdAt ? -1 : 1) ||
        // PostgreSQL orders uuids byte by byte: the lower-case hex text in the same order.
        (a.id < b.id ? -1 : 1),
    );
    return keyed.map((row) => row.id);
  };

  describe('a plumber in Portland, 10 km around 97205', () => {
    let plumber: PlumberActor;
    let listed: string[];
    let quotedId: string;
    beforeAll(async () => {
      plumber = await registerPlumber(ctx, { zip: '97205', serviceRadiusKm: 10 });
      const competitor = await registerPlumber(ctx, { zip: '97205', serviceRadiusKm: 10 });
      // 48 open jobs: three pages. Ties: 12 at the plumber's own point, 7 at 97201 (1.4 km) and 15
      // at 97210 (1.6 km) each in one transaction (same created_at: only the id orders them); 6 at
      // 97209 (0.7 km) and 5 at 97214 (4.1 km) one by one; 3 emergencies at 97214 come first.
      const emergencies = await postSeveral(3, '97214', 'emergency');
      const here = await postTied(12, '97205');
      const near = await postSeveral(6, '97209');
      const tied = await postTied(7, '97201');
      const tiedFarther = await postTied(15, '97210');
      const farther = await postSeveral(5, '97214');
      listed = [...emergencies, ...here, ...near, ...tied, ...tiedFarther, ...farther].map((job) => job.id);
      // Quoted on by this plumber: still open, still listed.
      quotedId = near[2].id;
      await sendQuote(plumber, quotedId);

      // Never listed: outside the radius (Salem, 68 km), cancelled, or hired by someone else.
      await postAt(ctx.database.db, '97301');
      await postAt(ctx.database.db, '97301', 'emergency');
      const [cancelled] = await postSeveral(1, '97205');
      expect((await setStatus(owner, cancelled.id, 'cancelled')).status).toBe(200);
      const [scheduled] = await postSeveral(1, '97205');
      await acceptQuote(owner, scheduled.id, await sendQuote(competitor, scheduled.id));
    });

    it(`answers ${NEARBY_PAGE_SIZE} jobs a page, each resuming after the last: no job twice, none left out, in order`, async () => {
      const pages = await allPages(plumber);
      expect(pages.map((each) => each.items.length)).toEqual([NEARBY_PAGE_SIZE, NEARBY_PAGE_SIZE, 8]);
      expect(pages.map((each) => typeof each.nextCursor)).toEqual(['string', 'string', 'object']);
      // The last page says so.
      expect(pages[2].nextCursor).toBeNull();

      const items = pages.flatMap((each) => each.items);
      const ids = items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await expectedOrder(listed, '97205'));
      // The first boundary falls inside the 97209 group (3 emergencies + 12 here + 5 of its 6),
      // the second inside the 97210 group, where only the id tells the jobs apart.
      expect([pages[0].items.at(-1)!.area, pages[1].items[0].area]).toEqual([
        'Portland, OR 97209',
        'Portland, OR 97209',
      ]);
      expect([pages[1].items.at(-1)!.area, pages[2].items[0].area]).toEqual([
        'Portland, OR 97210',
        'Portland, OR 97210',
      ]);
      expect(items.find((item) => item.id === quotedId)?.alreadyQuoted).toBe(true);
      expect(items.filter((item) => item.alreadyQuoted)).toHaveLength(1);
      // Each card's posting time is the stored instant as every other answer writes it (a Date's
      // toISOString, cut to the millisecond), though the page reads it as text.
      const stored = await ctx.database.db
        .select({ id: jobs.id, createdAt: jobs.createdAt })
        .from(jobs)
        .where(inArray(jobs.id, ids));
      const postedAt = new Map(stored.map((row) => [row.id, row.createdAt.toISOString()]));
      expect(items.map((item) => item.createdAt)).toEqual(ids.map((id) => postedAt.get(id)));
    });

    it('a job posted between two pages does not push the next page back (keyset, not offset)', async () => {
      const first = await page(plumber);
      const before = await expectedOrder(listed, '97205');
      // Nearest and newest: on an offset page 2 the first page's last job would show again.
      const newcomer = await postAt(ctx.database.db, '97205');
      const urgent = await postAt(ctx.database.db, '97214', 'emergency');
      try {
        const second = await page(plumber, first.nextCursor!);
        expect(second.items.map((item) => item.id)).toEqual(
          before.slice(NEARBY_PAGE_SIZE, 2 * NEARBY_PAGE_SIZE),
        );
        // Asked again from the top, the list has them in their places: the newest emergency first,
        // the newest job at the plumber's own point after the emergencies.
        const ids = (await page(plumber)).items.map((item) => item.id);
        expect(ids.indexOf(urgent.id)).toBe(0);
        expect(ids.indexOf(newcomer.id)).toBe(4);
      } finally {
        for (const job of [newcomer, urgent])
          expect((await setStatus(owner, job.id, 'cancelled')).status).toBe(200);
      }
    });

    it('shows the estimate stored with the job, never one priced again for the request', async () => {
      const [stored, none] = listed.slice(-2);
      // A stored estimate the catalogue would never give, and a job stored without one.
      await ctx.database.db
        .update(jobs)
        .set({
          estimate: sql`jsonb_set(jsonb_set(${jobs.estimate}, '{costBreakdown,total,min}', '1234'), '{costBreakdown,total,max}', '5678')`,
        })
        .where(eq(jobs.id, stored));
      await ctx.database.db.update(jobs).set({ estimate: null }).where(eq(jobs.id, none));
      const items = (await allPages(plumber)).flatMap((each) => each.items);
      expect(items.find((item) => item.id === stored)?.estimate).toEqual({ min: 1234, max: 5678 });
      expect(items.find((item) => item.id === none)?.estimate).toBeNull();
    });
  });

  it('answers a single page with no cursor when everything fits, and an empty one where nothing is near', async () => {
    const lonely = await registerPlumber(ctx, { zip: '98101', serviceRadiusKm: 5 });
    expect(await page(lonely)).toEqual({ items: [], nextCursor: null });
    const jobsThere = await postTied(NEARBY_PAGE_SIZE, '98101');
    const full = await page(lonely);
    // Exactly one page: no cursor to an empty second page.
    expect(full.items.map((item) => item.id)).toEqual(
      await expectedOrder(
        jobsThere.map((job) => job.id),
        '98101',
      ),
    );
    expect(full.nextCursor).toBeNull();
  });

  describe('a cursor the server did not write', () => {
    let plumber: PlumberActor;
    beforeAll(async () => {
      plumber = await registerPlumber(ctx, { zip: '97205', serviceRadiusKm: 10 });
    });
    const valid = {
      emergency: false,
      distanceKm: 1.5,
      createdAt: '2030-01-02T03:04:05.123456Z',
      id: '0b6f1f5e-8f0a-4c4e-9d55-3f1d2f7a9a01',
    };
    const base64url = (text: string) => Buffer.from(text).toString('base64url');

    const refused: [string, string][] = [
      ['empty', ''],
      ['not base64url', 'abc$def'],
      ['standard base64 with padding', `${base64url(JSON.stringify(valid))}==`],
      ['base64 of a length no encoder writes', 'abcde'],
      ['base64 of text that is not JSON', base64url('not json at all')],
      ['JSON that is not an object', base64url('[1,2,3]')],
      ['a field missing', base64url(JSON.stringify({ ...valid, id: undefined }))],
      ['a field added', base64url(JSON.stringify({ ...valid, offset: 40 }))],
      ['a negative distance', base64url(JSON.stringify({ ...valid, distanceKm: -1 }))],
      ['a distance farther than the earth allows', base64url(JSON.stringify({ ...valid, distanceKm: 1e9 }))],
      ['a distance as text', base64url(JSON.stringify({ ...valid, distanceKm: '1.5' }))],
      [
        'a day that does not exist',
        base64url(JSON.stringify({ ...valid, createdAt: '2030-02-30T03:04:05.123456Z' })),
      ],
      ['milliseconds only', base64url(JSON.stringify({ ...valid, createdAt: '2030-01-02T03:04:05.123Z' }))],
      ['an id that is not a uuid', base64url(JSON.stringify({ ...valid, id: "1' or '1'='1" }))],
      ['a cursor far too long', 'a'.repeat(5_000)],
    ];

    it.each(refused)('%s → 400 with the message', async (_label, cursor) => {
      const res = await plumber.agent.get('/api/jobs/nearby').query({ cursor });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: NEARBY_MESSAGES.cursorInvalid, code: 'VALIDATION_ERROR' });
    });

    it('a cursor given twice → 400 with the message', async () => {
      const cursor = encodeNearbyCursor(valid);
      const res = await plumber.agent.get(`/api/jobs/nearby?cursor=${cursor}&cursor=${cursor}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: NEARBY_MESSAGES.cursorInvalid, code: 'VALIDATION_ERROR' });
    });

    it('the same position, well formed, is a page', async () => {
      const after = await page(plumber, encodeNearbyCursor(valid));
      // After a routine job 1.5 km away: the routine ones farther out (97210 and 97214), nothing else.
      expect(after.items.length).toBeGreaterThan(0);
      for (const item of after.items) {
        expect(item.urgency).not.toBe('emergency');
        expect(item.distanceKm).toBeGreaterThan(1.5);
      }
    });
  });
});
