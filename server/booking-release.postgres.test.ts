import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { availabilitySlots, serviceRequests } from '@shared/schema';
import type { DatabaseHandle } from './db/client';
import { sweepLapsedBookings } from './modules/booking';
import { openDatabaseHandles, type DatabaseHandles } from './test/instances';

const LAPSED = 40;
const IN_TIME = 5;
const SWEEPS_PER_INSTANCE = 3;

/**
 * Several instances on one PostgreSQL each sweep lapsed guest bookings on their own timer. The
 * sweep locks the rows it releases and skips rows another sweep holds, so however the sweeps
 * overlap, every lapsed booking is cancelled and its slot freed by exactly one of them.
 */
describe('release of unconfirmed guest bookings across instances (PostgreSQL)', () => {
  let databases: DatabaseHandles;
  let one: DatabaseHandle;
  let two: DatabaseHandle;

  beforeAll(async () => {
    databases = await openDatabaseHandles({ database: 'plumbline_booking_release', count: 2 });
    [one, two] = databases.handles;
  });
  afterAll(() => databases?.close());

  /** `count` guest bookings, each holding its own slot, whose deadline is `confirmBy`. */
  async function guestBookings(count: number, confirmBy: Date, offset: number) {
    const requests = await one.db
      .insert(serviceRequests)
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: 'Riley Guest',
          email: `release.${offset + index}@example.test`,
          phone: `512555${String(offset + index).padStart(4, '0')}`,
          serviceType: 'Drain Cleaning',
          preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 4),
          description: 'The kitchen sink drains very slowly.',
          address: `${offset + index} Release Road, Austin, TX 78704`,
          confirmationTokenHash: `hash-${offset + index}`,
          confirmBy,
        })),
      )
      .returning({ id: serviceRequests.id, preferredDate: serviceRequests.preferredDate });
    await one.db.insert(availabilitySlots).values(
      requests.map((request, index) => ({
        date: request.preferredDate,
        startTime: `${String(6 + Math.floor((offset + index) / 60)).padStart(2, '0')}:${String((offset + index) % 60).padStart(2, '0')}`,
        endTime: '23:59',
        isBooked: 'true',
        serviceRequestId: request.id,
      })),
    );
    return requests.map((request) => request.id);
  }

  it('two instances sweeping at once release every lapsed booking exactly once, and no other', async () => {
    const lapsed = await guestBookings(LAPSED, new Date(Date.now() - 60_000), 0);
    const inTime = await guestBookings(IN_TIME, new Date(Date.now() + 30 * 60_000), LAPSED);

    const sweeps = await Promise.all(
      [one, two].flatMap((instance) =>
        Array.from({ length: SWEEPS_PER_INSTANCE }, () =>
          sweepLapsedBookings({ db: instance.db, batchSize: 3 }),
        ),
      ),
    );
    expect(sweeps.reduce((sum, released) => sum + released, 0)).toBe(LAPSED);
    // More than one sweep did some of the work: they ran side by side, not one after the other.
    expect(sweeps.filter((released) => released > 0).length).toBeGreaterThan(1);

    const requests = await one.db
      .select({ id: serviceRequests.id, status: serviceRequests.status })
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, [...lapsed, ...inTime]));
    for (const request of requests) {
      expect(request.status).toBe(lapsed.includes(request.id) ? 'cancelled' : 'pending');
    }
    const held = await one.db
      .select({ serviceRequestId: availabilitySlots.serviceRequestId })
      .from(availabilitySlots)
      .where(inArray(availabilitySlots.serviceRequestId, [...lapsed, ...inTime]));
    expect(held.map((slot) => slot.serviceRequestId).sort()).toEqual([...inTime].sort());
    expect(await sweepLapsedBookings({ db: two.db })).toBe(0);
  });
});
