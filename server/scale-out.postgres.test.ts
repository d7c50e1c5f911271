import bcrypt from 'bcrypt';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import {
  availabilitySlots,
  diagnostics,
  jobStatusEvents,
  jobs,
  media,
  quotes,
  rateLimits,
  serviceRequests,
  users,
} from '@shared/schema';
import type { DatabaseHandle } from './db/client';
import { locateAddress } from './modules/geo';
import { postJob } from './modules/jobs/jobs.service';
import { startInstances, TestBrowser, type Instances, type TestReply } from './test/instances';
import { photoLike } from './test/photos';
import type { ServerProcess } from './test/server-process';
import { uniqueEmail } from './test/test-context';

/**
 * Two real server processes (server/index.ts) on one PostgreSQL database, as behind a load
 * balancer: sessions, the integrity rules and the rate limits live in the database, so it must not
 * matter which instance answers (docs/operations.md, "Several stateless instances").
 */
const AUTH_RATE_LIMIT = 5;
const ROUNDS = 3;
const CONTENDERS = 40;
const ACCEPT_ATTEMPTS = 20;
const PASSWORD = 'scale-out-password';

/**
 * One browser behind the load balancer: its own cookie jar and its own client address. The test
 * plays the proxy (TRUST_PROXY=1, X-Forwarded-For), so each browser has its own rate-limit counters
 * and only the rate-limit test ever meets its limit.
 */
let nextIp = 1;
const newBrowser = () => {
  nextIp += 1;
  return new TestBrowser(`10.20.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`);
};

/** The date `offset` days ahead on the servers' clock: they run with the default APP_TIME_ZONE. */
const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

describe('two server instances on one PostgreSQL database', () => {
  let cluster: Instances;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_scaleout',
      count: 2,
      env: {
        // The same secret on every instance, as docs/operations.md requires.
        SESSION_SECRET: 'scale-out-shared-session-secret-0123456789',
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
        BOOKING_RATE_LIMIT: '100000',
      },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
  }, 120_000);

  afterAll(() => cluster?.stop(), 60_000);

  it('a session made on one instance works on the other, and logging out on either ends it on both', async () => {
    const browser = newBrowser();
    const email = uniqueEmail('scaleout');
    const registered = await browser.call(a, 'POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      role: 'homeowner',
    });
    expect(registered.status).toBe(201);
    const cookieFromA = browser.cookie;
    expect(cookieFromA).toBeDefined();

    const onB = await browser.call(b, 'GET', '/api/auth/user');
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ id: registered.body.id, email, role: 'homeowner' });

    const logout = await browser.call(b, 'POST', '/api/auth/logout');
    expect(logout.status).toBe(200);
    // The old cookie, replayed on A: the session row is gone, not just forgotten by B.
    browser.cookie = cookieFromA;
    const afterLogout = await browser.call(a, 'GET', '/api/auth/user');
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.code).toBe('UNAUTHENTICATED');

    // The other way round, with a log-in: made on B, used on A, ended on A, refused on B.
    const second = newBrowser();
    expect((await second.call(b, 'POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const cookieFromB = second.cookie;
    expect(await second.call(a, 'GET', '/api/auth/user')).toMatchObject({
      status: 200,
      body: { id: registered.body.id },
    });
    expect((await second.call(a, 'POST', '/api/auth/logout')).status).toBe(200);
    second.cookie = cookieFromB;
    expect((await second.call(b, 'GET', '/api/auth/user')).status).toBe(401);
  });

  async function freshSlot(round: number, date: string) {
    const [slot] = await database.db
      .insert(availabilitySlots)
      .values({ date, startTime: `10:${String(round).padStart(2, '0')}`, endTime: '23:00' })
      .returning();
    return slot;
  }

  const requestValues = (tag: string, index: number, preferredDate: string) => ({
    name: `Racer ${index}`,
    email: `${tag}.${index}@scale-out.example.test`,
    phone: '5125550100',
    serviceType: 'Drain Cleaning',
    preferredDate,
    urgency: 'routine' as const,
    description: 'Racing for the same slot from two server instances.',
    address: '1200 S Congress Ave, Austin, TX 78704',
  });

  function tally(results: TestReply[], winStatus: number) {
    return {
      wins: results.filter((r) => r.status === winStatus).length,
      slotTaken: results.filter((r) => r.status === 409 && r.body.code === 'SLOT_TAKEN').length,
      serverErrors: results.filter((r) => r.status >= 500).length,
    };
  }

  it(`the slot race split across both instances: ${CONTENDERS} bookings of one slot, ${ROUNDS} rounds, one winner each`, async () => {
    const date = dayFromToday(2);
    for (let round = 0; round < ROUNDS; round++) {
      const slot = await freshSlot(round, date);
      const tag = `split${round}`;
      const results = await Promise.all(
        Array.from({ length: CONTENDERS }, (_, i) =>
          newBrowser().call(i % 2 === 0 ? a : b, 'POST', '/api/service-requests', {
            ...requestValues(tag, i, date),
            slotId: slot.id,
          }),
        ),
      );

      expect({ round, ...tally(results, 201) }).toEqual({
        round,
        wins: 1,
        slotTaken: CONTENDERS - 1,
        serverErrors: 0,
      });
      const winnerId = results.find((r) => r.status === 201)?.body.id;
      const stored = await database.db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(
          inArray(
            serviceRequests.email,
            Array.from({ length: CONTENDERS }, (_, i) => `${tag}.${i}@scale-out.example.test`),
          ),
        );
      expect(stored).toEqual([{ id: winnerId }]);
      const [after] = await database.db
        .select()
        .from(availabilitySlots)
        .where(eq(availabilitySlots.id, slot.id));
      expect(after).toMatchObject({ isBooked: 'true', serviceRequestId: winnerId });
    }
  }, 60_000);

  it(`booking existing requests into one slot from both instances: ${ROUNDS} rounds, one winner each`, async () => {
    const date = dayFromToday(3);
    for (let round = 0; round < ROUNDS; round++) {
      const slot = await freshSlot(round, date);
      const ids = (
        await database.db
          .insert(serviceRequests)
          .values(Array.from({ length: CONTENDERS }, (_, i) => requestValues(`book${round}`, i, date)))
          .returning({ id: serviceRequests.id })
      ).map((row) => row.id);

      const results = await Promise.all(
        ids.map((serviceRequestId, i) =>
          newBrowser().call(i % 2 === 0 ? a : b, 'POST', `/api/availability-slots/${slot.id}/book`, {
            serviceRequestId,
          }),
        ),
      );

      expect({ round, ...tally(results, 200) }).toEqual({
        round,
        wins: 1,
        slotTaken: CONTENDERS - 1,
        serverErrors: 0,
      });
      const winner = ids[results.findIndex((r) => r.status === 200)];
      const held = await database.db
        .select({ id: availabilitySlots.id, requestId: availabilitySlots.serviceRequestId })
        .from(availabilitySlots)
        .where(inArray(availabilitySlots.serviceRequestId, ids));
      expect(held).toEqual([{ id: slot.id, requestId: winner }]);
    }
  }, 60_000);

  it(`the accept-quote race split across both instances: ${ACCEPT_ATTEMPTS} accepts of 3 quotes, ${ROUNDS} rounds, one accepted each`, async () => {
    const owner = newBrowser();
    const registered = await owner.call(a, 'POST', '/api/auth/register', {
      email: uniqueEmail('owner'),
      password: PASSWORD,
      role: 'homeowner',
    });
    expect(registered.status).toBe(201);
    // Plumbers quote once an admin has verified them (docs/decisions/024-vetted-plumbers.md). The
    // demo seed is off here, so the test makes the admin account registration never makes.
    const adminEmail = uniqueEmail('admin');
    await database.db
      .insert(users)
      .values({ email: adminEmail, role: 'admin', passwordHash: await bcrypt.hash(PASSWORD, 4) });
    const admin = newBrowser();
    expect(
      (await admin.call(b, 'POST', '/api/auth/login', { email: adminEmail, password: PASSWORD })).status,
    ).toBe(200);
    const plumbers = await Promise.all(
      [a, b, a].map(async (instance) => {
        const browser = newBrowser();
        const res = await browser.call(instance, 'POST', '/api/auth/register', {
          email: uniqueEmail('plumber'),
          password: PASSWORD,
          role: 'plumber',
        });
        expect(res.status).toBe(201);
        // Quoting needs a name and a phone on the account (docs/decisions/025-accounts.md).
        const profile = await browser.call(instance, 'PATCH', '/api/account', {
          name: 'Scale Out Plumber',
          phone: '3035550100',
        });
        expect(profile.status).toBe(200);
        const located = await browser.call(instance, 'PUT', '/api/plumbers/me/location', {
          zip: '80202',
          serviceRadiusKm: 30,
        });
        expect(located.status).toBe(200);
        const onboarded = await browser.call(instance, 'PUT', '/api/plumbers/me/onboarding', {
          businessName: 'Scale-out Plumbing',
          licenseNumber: 'M-10203',
          licenseState: 'CO',
          insuranceExpiresOn: dayFromToday(365),
        });
        expect(onboarded.status).toBe(200);
        const verified = await admin.call(
          instance === a ? b : a,
          'POST',
          `/api/admin/plumbers/${String(located.body.id)}/verify`,
        );
        expect(verified.status).toBe(200);
        return browser;
      }),
    );
    const address = '1701 Wynkoop St, Denver, CO 80202';
    const place = locateAddress(address)!;

    for (let round = 0; round < ROUNDS; round++) {
      const job = await postJob(database.db, {
        customerId: String(registered.body.id),
        issueSlug: 'clogged-drain',
        issueDescription: `Kitchen sink drains slowly, round ${round}.`,
        address,
        lat: place.lat,
        lng: place.lng,
        urgency: 'routine',
        preferredDate: null,
      });
      const quoteIds = await Promise.all(
        plumbers.map(async (plumber, i) => {
          const res = await plumber.call(i % 2 === 0 ? b : a, 'POST', '/api/quotes', {
            jobId: job.id,
            minTotal: 100 + i,
            maxTotal: 200 + i,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          return String(res.body.id);
        }),
      );

      // One homeowner, one cookie, pressing "accept" on different quotes through both instances at once.
      const results = await Promise.all(
        Array.from({ length: ACCEPT_ATTEMPTS }, (_, i) =>
          owner.call(i % 2 === 0 ? a : b, 'POST', `/api/jobs/${job.id}/accept-quote`, {
            quoteId: quoteIds[i % quoteIds.length],
          }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners, JSON.stringify(results.map((r) => r.status))).toHaveLength(1);
      for (const loser of results.filter((r) => r.status !== 200)) {
        expect(loser).toEqual({
          status: 409,
          body: { error: 'A quote has already been accepted for this job', code: 'QUOTE_ALREADY_ACCEPTED' },
        });
      }

      const accepted = await database.db
        .select()
        .from(quotes)
        .where(and(eq(quotes.jobId, job.id), eq(quotes.status, 'accepted')));
      expect(accepted).toHaveLength(1);
      expect(accepted[0].id).toBe((winners[0].body.quote as { id: string }).id);
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ currentStatus: 'scheduled', plumberId: accepted[0].plumberId });
      const scheduled = await database.db
        .select()
        .from(jobStatusEvents)
        .where(and(eq(jobStatusEvents.jobId, job.id), eq(jobStatusEvents.status, 'scheduled')));
      expect(scheduled).toHaveLength(1);
    }
  }, 60_000);

  it(`the login rate limit (${AUTH_RATE_LIMIT} per window) holds across both instances`, async () => {
    // A new account each time, so only the per-address limit is met (not the per-account one).
    const wrongLogin = () => ({ email: uniqueEmail('nobody'), password: 'not-the-password' });
    // Two clients: one's over-limit attempt lands on B, the other's on A.
    for (const [index, browser] of [newBrowser(), newBrowser()].entries()) {
      const wrong = wrongLogin();
      const instances = index === 0 ? [a, b] : [b, a];
      for (let attempt = 0; attempt < AUTH_RATE_LIMIT; attempt++) {
        const res = await browser.call(instances[attempt % 2], 'POST', '/api/auth/login', wrong);
        expect({ attempt, status: res.status }).toEqual({ attempt, status: 401 });
      }
      // Each instance has seen only about half the attempts; together they are over the limit.
      const over = instances[AUTH_RATE_LIMIT % 2];
      const limited = await browser.call(over, 'POST', '/api/auth/login', wrong);
      expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      const other = instances[(AUTH_RATE_LIMIT + 1) % 2];
      expect((await browser.call(other, 'POST', '/api/auth/login', wrong)).status).toBe(429);

      const [counter] = await database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `login:${browser.ip}`));
      expect(counter.hits).toBe(AUTH_RATE_LIMIT + 2);
    }
    // Per client, not global: a fresh address still gets an honest answer.
    expect((await newBrowser().call(a, 'POST', '/api/auth/login', wrongLogin())).status).toBe(401);
  });

  it('a photo diagnosed through one instance is served by the other, with its type and bytes', async () => {
    // A scene with detail: a diagnosis refuses a flat, detail-less photo (shared/photo-quality.ts).
    const photo = await photoLike({ width: 64, height: 48 });
    const diagnosed = await newBrowser().call(a, 'POST', '/api/diagnose', {
      description: 'The kitchen sink is blocked and will not drain',
      location: 'kitchen',
      urgency: 'routine',
      imageUrls: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    expect(diagnosed.status, JSON.stringify(diagnosed.body)).toBe(201);
    const [row] = await database.db
      .select()
      .from(diagnostics)
      .where(eq(diagnostics.id, String(diagnosed.body.id)));
    expect(row.imageUrls).toHaveLength(1);
    const url = row.imageUrls[0];
    const [stored] = await database.db
      .select()
      .from(media)
      .where(eq(media.key, url.slice(url.lastIndexOf('/') + 1)));
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored.byteSize).toBe(stored.data.length);

    for (const instance of [b, a]) {
      const res = await fetch(`${instance.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals(stored.data)).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    }
  });
});
