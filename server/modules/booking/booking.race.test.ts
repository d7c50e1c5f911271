import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { availabilitySlots, serviceRequests } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { BOOKING_SERVICE_MESSAGES } from './booking.service';

/**
 * "Never double-books": many people press "book" on the same slot at the same moment. Each round
 * uses a fresh slot; every caller is an independent HTTP request against one listening server.
 */
const ROUNDS = 20;
const CONTENDERS = 50;
/** About 10 s on an idle machine; generous so a busy CI box does not turn slowness into a failure. */
const RACE_TIMEOUT_MS = 120_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** A date on the app's clock (the test context runs with the default APP_TIME_ZONE). */
const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

describe(`booking races (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    server = createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ctx?.close();
  });

  async function post(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: { code?: string; id?: string; error?: string } }> {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; id?: string; error?: string } };
  }

  async function freshSlot(round: number, date: string) {
    const [slot] = await ctx.database.db
      .insert(availabilitySlots)
      .values({ date, startTime: `${pad(8 + Math.floor(round / 60))}:${pad(round % 60)}`, endTime: '23:00' })
      .returning();
    return slot;
  }

  let racers = 0;
  /** Every racer is someone else (own e-mail, phone and address): the daily cap never decides a race. */
  const requestValues = (tag: string, index: number, preferredDate: string) => ({
    name: `Racer ${index}`,
    email: `${tag}.${index}@race.example.test`,
    phone: `512${String((racers += 1)).padStart(7, '0')}`,
    serviceType: 'Drain Cleaning',
    preferredDate,
    urgency: 'routine' as const,
    description: 'Racing for the same slot as everyone else.',
    address: `${racers} S Congress Ave, Austin, TX 78704`,
  });

  function tally(results: { status: number; body: { code?: string } }[], winStatus: number) {
    return {
      wins: results.filter((r) => r.status === winStatus).length,
      slotTaken: results.filter((r) => r.status === 409 && r.body.code === 'SLOT_TAKEN').length,
      serverErrors: results.filter((r) => r.status >= 500).length,
      statuses: [...new Set(results.map((r) => r.status))].sort(),
    };
  }

  it(
    `POST /api/availability-slots/:id/book: ${CONTENDERS} requests for one slot, ${ROUNDS} rounds, exactly one winner each`,
    async () => {
      const date = dayFromToday(2);
      for (let round = 0; round < ROUNDS; round++) {
        const slot = await freshSlot(round, date);
        const requests = await ctx.database.db
          .insert(serviceRequests)
          .values(Array.from({ length: CONTENDERS }, (_, i) => requestValues(`book${round}`, i, date)))
          .returning({ id: serviceRequests.id });
        const ids = requests.map((r) => r.id);

        const results = await Promise.all(
          ids.map((serviceRequestId) =>
            post(`/api/availability-slots/${slot.id}/book`, { serviceRequestId }),
          ),
        );

        const { wins, slotTaken, serverErrors, statuses } = tally(results, 200);
        expect({ round, wins, slotTaken, serverErrors, statuses }).toEqual({
          round,
          wins: 1,
          slotTaken: CONTENDERS - 1,
          serverErrors: 0,
          statuses: [200, 409],
        });
        const winner = ids[results.findIndex((r) => r.status === 200)];
        const [after] = await ctx.database.db
          .select()
          .from(availabilitySlots)
          .where(eq(availabilitySlots.id, slot.id));
        expect(after).toMatchObject({ isBooked: 'true', serviceRequestId: winner });
        // No request of this round holds any other slot either.
        const held = await ctx.database.db
          .select({ id: availabilitySlots.id })
          .from(availabilitySlots)
          .where(inArray(availabilitySlots.serviceRequestId, ids));
        expect(held).toEqual([{ id: slot.id }]);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `POST /api/service-requests with the same slotId: ${CONTENDERS} bookings, ${ROUNDS} rounds, one stored each`,
    async () => {
      const date = dayFromToday(3);
      for (let round = 0; round < ROUNDS; round++) {
        const slot = await freshSlot(round, date);
        const tag = `create${round}`;

        const results = await Promise.all(
          Array.from({ length: CONTENDERS }, (_, i) =>
            post('/api/service-requests', { ...requestValues(tag, i, date), slotId: slot.id }),
          ),
        );

        const { wins, slotTaken, serverErrors, statuses } = tally(results, 201);
        expect({ round, wins, slotTaken, serverErrors, statuses }).toEqual({
          round,
          wins: 1,
          slotTaken: CONTENDERS - 1,
          serverErrors: 0,
          statuses: [201, 409],
        });
        const winnerId = results.find((r) => r.status === 201)?.body.id;
        // The losers' requests were rolled back with their failed booking: exactly one request stored.
        const stored = await ctx.database.db
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(
            inArray(
              serviceRequests.email,
              Array.from({ length: CONTENDERS }, (_, i) => `${tag}.${i}@race.example.test`),
            ),
          );
        expect(stored).toEqual([{ id: winnerId }]);
        const [after] = await ctx.database.db
          .select()
          .from(availabilitySlots)
          .where(eq(availabilitySlots.id, slot.id));
        expect(after).toMatchObject({ isBooked: 'true', serviceRequestId: winnerId });
      }
    },
    RACE_TIMEOUT_MS,
  );

  it('one request racing for ten different slots gets exactly one of them', async () => {
    const date = dayFromToday(4);
    const slots = await Promise.all(Array.from({ length: 10 }, (_, i) => freshSlot(100 + i, date)));
    const [request] = await ctx.database.db
      .insert(serviceRequests)
      .values(requestValues('greedy', 0, date))
      .returning({ id: serviceRequests.id });

    const results = await Promise.all(
      slots.map((slot) => post(`/api/availability-slots/${slot.id}/book`, { serviceRequestId: request.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter(
        (r) =>
          r.status === 409 &&
          r.body.code === 'CONFLICT' &&
          r.body.error === BOOKING_SERVICE_MESSAGES.requestAlreadyBooked,
      ),
    ).toHaveLength(9);
    const held = await ctx.database.db
      .select({ id: availabilitySlots.id })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.serviceRequestId, request.id));
    expect(held).toHaveLength(1);
  });
});
