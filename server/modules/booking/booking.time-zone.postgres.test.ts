import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, wallClockIn } from '@shared/dates';
import { startInstances, type Instances } from '../../test/instances';
import type { ServerProcess } from '../../test/server-process';
import { BOOKING_SERVICE_MESSAGES } from './booking.service';

/**
 * The real server process in one zone (Kiritimati, UTC+14: a calendar day ahead of Chicago for
 * most of the day) with the app in another (Chicago). Everything booking judges — today, the
 * slots that have started, the slot window — must follow the app's clock, not the process's.
 */
const PROCESS_ZONE = 'Pacific/Kiritimati';
const APP_ZONE = 'America/Chicago';

describe(`a server running in ${PROCESS_ZONE} books on ${APP_ZONE}'s clock`, () => {
  let started: Instances;
  let server: ServerProcess;
  let db: pg.Pool;

  beforeAll(async () => {
    started = await startInstances({
      database: 'plumbline_tz',
      count: 1,
      env: {
        TZ: PROCESS_ZONE,
        APP_TIME_ZONE: APP_ZONE,
        BOOKING_RATE_LIMIT: '100000',
      },
    });
    [server] = started.instances;
    db = started.database.pool;
  }, 120_000);

  afterAll(() => started?.stop());

  const get = async (url: string) => {
    const res = await fetch(`${server.url}${url}`);
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; error?: string } };
  };
  const insertSlot = async (date: string, startTime: string, endTime: string) =>
    (
      await db.query<{ id: string }>(
        'insert into availability_slots (date, start_time, end_time) values ($1, $2, $3) returning id',
        [date, startTime, endTime],
      )
    ).rows[0].id;
  let booker = 0;
  const booking = (preferredDate: string, slotId?: string) => {
    booker += 1;
    return {
      name: 'Tz Tester',
      email: `tz.${booker}@example.test`,
      phone: `(312) 555-${String(booker).padStart(4, '0')}`,
      serviceType: 'Drain Cleaning',
      preferredDate,
      urgency: 'routine',
      description: 'The kitchen sink drains very slowly and gurgles.',
      address: `${booker} N State St, Chicago, IL 60602`,
      ...(slotId ? { slotId } : {}),
    };
  };

  it('tells the client the app’s zone', async () => {
    const res = await get('/api/config/public');
    expect(res.body).toMatchObject({ timeZone: APP_ZONE });
  });

  it("offers today's slots that have not started in Chicago, and none that have", async () => {
    const { date: today, time } = wallClockIn(APP_ZONE);
    // 00:00 has always started; 23:58 lies ahead except in the last two minutes of Chicago's day.
    const started = await insertSlot(today, '00:00', '00:30');
    const later = await insertSlot(today, '23:58', '23:59');
    const laterIsAhead = time < '23:58';

    const listed = await get(`/api/availability-slots?date=${today}`);
    expect(listed.status).toBe(200);
    const ids = (listed.body as { id: string }[]).map((slot) => slot.id);
    expect(ids).not.toContain(started);
    if (laterIsAhead) expect(ids).toContain(later);

    const refused = await post('/api/service-requests', booking(today, started));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'SLOT_TAKEN', error: BOOKING_SERVICE_MESSAGES.slotPassed });
    if (laterIsAhead) {
      const booked = await post('/api/service-requests', booking(today, later));
      expect(booked.status).toBe(201);
    }
  });

  it("takes Chicago's today as a preferred date and refuses Chicago's yesterday", async () => {
    const today = wallClockIn(APP_ZONE).date;
    expect((await post('/api/service-requests', booking(today))).status).toBe(201);
    const yesterday = await post('/api/service-requests', booking(addCalendarDays(today, -1)));
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.error).toBe(BOOKING_SERVICE_MESSAGES.preferredDatePast);
    expect((await get(`/api/availability-slots?date=${addCalendarDays(today, -1)}`)).body).toEqual([]);
  });

  it("has the slot window start on Chicago's today at start-up", async () => {
    const today = wallClockIn(APP_ZONE).date;
    const { rows } = await db.query<{ first: string; last: string }>(
      `select min(date) as first, max(date) as last from availability_slots where technician_id is not null`,
    );
    // Ready means the app's window is there: from Chicago's today (not Kiritimati's) to today + 29.
    expect(rows[0].first).toBe(today);
    expect(rows[0].last >= addCalendarDays(today, 29)).toBe(true);
  });
});
