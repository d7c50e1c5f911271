import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { availabilitySlots, serviceRequests } from '@shared/schema';
import type { CreateServiceRequestInput } from '@shared/contracts/booking';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { bookingFixtures } from './booking.fixtures';
import { BOOKING_SERVICE_MESSAGES } from './booking.service';

const CAP = 3;
const BURST = 30;
const PASSWORD = 'correct-horse-battery';

const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

describe(`daily booking cap per e-mail, phone, address and account (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { BOOKING_DAILY_CAP: String(CAP) } });
    // The burst needs real concurrent connections, not supertest's one request at a time.
    server = createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ctx?.close();
  });

  const refusal = () => ({
    code: 'CONFLICT',
    error: BOOKING_SERVICE_MESSAGES.dailyCapReached(CAP, ctx.config.support.phone),
  });

  const { body, freshSlots } = bookingFixtures(() => ctx, { tag: 'cap', preferredDate: dayFromToday(5) });

  const book = (slot: { id: string; date: string }, overrides: Partial<CreateServiceRequestInput> = {}) =>
    ctx.request
      .post('/api/service-requests')
      .send(body({ preferredDate: slot.date, slotId: slot.id, ...overrides }));

  const slotRow = async (id: string) =>
    (await ctx.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)))[0];
  const requestCount = async (email: string) =>
    ctx.database.db.$count(serviceRequests, eq(serviceRequests.email, email));

  /** The profile step, which comes before a logged-in homeowner's first job post. */
  async function giveProfile(agent: ReturnType<TestContext['agent']>) {
    const res = await agent.patch('/api/account').send({ name: 'Casey Capped', phone: '303 555 0143' });
    expect(res.status).toBe(200);
  }

  /** Books one fresh slot on `date` per variation, one after the other. */
  async function bookEach(date: string, variants: Partial<CreateServiceRequestInput>[]) {
    const slots = await freshSlots(date, variants.length);
    const results = [];
    for (const [i, variant] of variants.entries()) results.push(await book(slots[i], variant));
    return { slots, results };
  }

  it('refuses the fourth booking of a day for one e-mail (any case), stores nothing, and leaves the slot free', async () => {
    const email = uniqueEmail('hoarder');
    const date = dayFromToday(4);
    const { slots, results } = await bookEach(date, [
      { email },
      { email: email.toUpperCase() },
      { email: `  ${email}  ` },
      { email },
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 409]);
    expect(results[3].body).toEqual(refusal());
    expect(await requestCount(email)).toBe(CAP);
    expect(await slotRow(slots[3].id)).toMatchObject({ isBooked: 'false', serviceRequestId: null });

    // Another day is another day's cap.
    const [tomorrow] = await freshSlots(dayFromToday(6), 1);
    expect((await book(tomorrow, { email })).status).toBe(201);
    // A request without a slot holds no slot: it is not capped.
    expect((await ctx.request.post('/api/service-requests').send(body({ email }))).status).toBe(201);
  });

  it('counts one phone number however it is written', async () => {
    const date = dayFromToday(4);
    const written = ['(512) 555-0111', '512.555.0111', '+1 512 555 0111', '1-512-555-0111'];
    const { slots, results } = await bookEach(
      date,
      written.map((phone) => ({ phone })),
    );
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 409]);
    expect(results[3].body).toEqual(refusal());
    expect(await slotRow(slots[3].id)).toMatchObject({ isBooked: 'false' });
  });

  it('counts one address whatever its case, spacing and punctuation', async () => {
    const date = dayFromToday(4);
    const written = [
      '77 Elm Street, Apt. 4, Austin, TX 78704',
      '77 ELM STREET APT 4 AUSTIN TX 78704',
      '  77  elm street,apt 4,austin,tx 78704 ',
      '77 Elm Street; Apt #4 — Austin, TX. 78704',
    ];
    const { slots, results } = await bookEach(
      date,
      written.map((address) => ({ address })),
    );
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 409]);
    expect(results[3].body).toEqual(refusal());
    expect(await slotRow(slots[3].id)).toMatchObject({ isBooked: 'false' });
  });

  it('caps each key on its own, not the union of them', async () => {
    // Two bookings by e-mail A, two by phone B: a booking with A and B holds 2 per key, under the cap.
    const date = dayFromToday(7);
    const email = uniqueEmail('split');
    const phone = '(512) 555-0122';
    const { results } = await bookEach(date, [{ email }, { email }, { phone }, { phone }, { email, phone }]);
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    const [next] = await freshSlots(date, 1);
    expect((await book(next, { email })).status).toBe(409);
  });

  it('counts only open bookings: a cancelled request or a past day frees its place', async () => {
    const date = dayFromToday(8);
    const email = uniqueEmail('cancels');
    const { results } = await bookEach(date, [{ email }, { email }, { email }]);
    expect(results.every((res) => res.status === 201)).toBe(true);
    const [next] = await freshSlots(date, 1);
    expect((await book(next, { email })).status).toBe(409);

    await ctx.database.db
      .update(serviceRequests)
      .set({ status: 'cancelled' })
      .where(eq(serviceRequests.id, results[0].body.id));
    expect((await book(next, { email })).status).toBe(201);
    const [another] = await freshSlots(date, 1);
    await ctx.database.db
      .update(serviceRequests)
      .set({ status: 'completed' })
      .where(eq(serviceRequests.id, results[1].body.id));
    expect((await book(another, { email })).status).toBe(201);
  });

  it('holds a logged-in homeowner to the cap too, per account whatever the e-mail, phone and address typed', async () => {
    const agent = ctx.agent();
    const registered = await agent
      .post('/api/auth/register')
      .send({ email: uniqueEmail('owner'), password: PASSWORD });
    expect(registered.status).toBe(201);
    await giveProfile(agent);
    const date = dayFromToday(9);
    const slots = await freshSlots(date, CAP + 1);
    const statuses = [];
    for (const slot of slots) {
      // Each booking names someone else, but the account is the same.
      const res = await agent
        .post('/api/service-requests')
        .send(body({ preferredDate: date, slotId: slot.id }));
      statuses.push(res.status);
      if (res.status !== 201) expect(res.body).toEqual(refusal());
    }
    expect(statuses).toEqual([201, 201, 201, 409]);
    const jobs = await ctx.database.db.$count(
      serviceRequests,
      eq(serviceRequests.userId, registered.body.id as string),
    );
    expect(jobs).toBe(CAP);
  });

  it('counts a guest’s bookings against the account that books with the same e-mail', async () => {
    const email = uniqueEmail('both');
    const date = dayFromToday(10);
    const slots = await freshSlots(date, CAP + 1);
    expect((await book(slots[0], { email })).status).toBe(201);
    expect((await book(slots[1], { email })).status).toBe(201);
    const agent = ctx.agent();
    expect((await agent.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(201);
    await giveProfile(agent);
    const booking = (slot: { id: string }) =>
      agent.post('/api/service-requests').send(body({ email, preferredDate: date, slotId: slot.id }));
    expect((await booking(slots[2])).status).toBe(201);
    const refused = await booking(slots[3]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal());
  });

  it('holds POST /api/availability-slots/:id/book to the cap of the request’s e-mail', async () => {
    const email = uniqueEmail('later-slot');
    const date = dayFromToday(11);
    const { results } = await bookEach(date, [{ email }, { email }, { email }]);
    expect(results.every((res) => res.status === 201)).toBe(true);
    const request = await ctx.request
      .post('/api/service-requests')
      .send(body({ email, preferredDate: date }));
    expect(request.status).toBe(201);
    const [slot] = await freshSlots(date, 1);
    const res = await ctx.request
      .post(`/api/availability-slots/${slot.id}/book`)
      .send({ serviceRequestId: request.body.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal());
    expect(await slotRow(slot.id)).toMatchObject({ isBooked: 'false', serviceRequestId: null });
  });

  it(`lets exactly ${CAP} of a burst of ${BURST} concurrent bookings by one e-mail through`, async () => {
    const email = uniqueEmail('burst');
    const date = dayFromToday(12);
    const slots = await freshSlots(date, BURST);
    const results = await Promise.all(
      slots.map(async (slot) => {
        const res = await fetch(`${baseUrl}/api/service-requests`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body({ email, preferredDate: date, slotId: slot.id })),
        });
        return { status: res.status, body: (await res.json()) as { code?: string; error?: string } };
      }),
    );
    expect({
      created: results.filter((res) => res.status === 201).length,
      refused: results.filter((res) => res.status === 409 && res.body.code === 'CONFLICT').length,
      other: results.filter((res) => res.status !== 201 && res.status !== 409).length,
    }).toEqual({ created: CAP, refused: BURST - CAP, other: 0 });
    expect(await requestCount(email)).toBe(CAP);
    const booked = await ctx.database.db.$count(
      availabilitySlots,
      and(
        inArray(
          availabilitySlots.id,
          slots.map((slot) => slot.id),
        ),
        eq(availabilitySlots.isBooked, 'true'),
      ),
    );
    expect(booked).toBe(CAP);
  });
});
