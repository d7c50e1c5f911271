import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { startPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';
import { releaseLapsedBookings } from './booking.repository';
import { ensureAvailabilitySlots } from './booking.slots';

export interface SlotSchedulerOptions {
  db: Database;
  logger: Logger;
  /** APP_TIME_ZONE: "today", where the window starts, is the app's today. */
  timeZone: string;
  /** How many days ahead, from today, always have slots. */
  days?: number;
  /** How often the window is topped up. */
  intervalMs?: number;
  now?: () => Date;
}

/** `runOnce` tops the window up now (or joins a run in progress) and resolves with the slots added. */
export type SlotScheduler = PeriodicTask<number>;

export const SLOT_WINDOW_DAYS = 30;
export const SLOT_REFRESH_INTERVAL_MS = 3 * 60 * 60 * 1000;

/**
 * Keeps a rolling window of bookable slots: runs at once, then every few hours, so the day that
 * enters the window at midnight gets its slots without anyone doing it by hand. Idempotent (the
 * database's unique key on technician, date and start time), and runs never overlap.
 */
export function startSlotScheduler({
  db,
  logger,
  timeZone,
  days = SLOT_WINDOW_DAYS,
  intervalMs = SLOT_REFRESH_INTERVAL_MS,
  now = () => new Date(),
}: SlotSchedulerOptions): SlotScheduler {
  return startPeriodicTask({
    run: async () => {
      const added = await ensureAvailabilitySlots(db, { from: now(), days, timeZone });
      if (added > 0) logger.info({ added, days }, 'availability slots topped up');
      return added;
    },
    intervalMs,
    logger,
    failureMessage: 'availability slot top-up failed; retrying at the next tick',
    onFailure: 0,
  });
}

/** Lapsed bookings released per transaction of the sweep: short locks, bounded memory. */
export const BOOKING_RELEASE_BATCH_SIZE = 100;
export const BOOKING_RELEASE_INTERVAL_MS = 5 * 60 * 1000;
/** Not at once: start-up (migrations, seed) comes first. */
export const BOOKING_RELEASE_FIRST_RUN_DELAY_MS = 60 * 1000;

/**
 * Cancels every guest booking that lapsed unconfirmed by `now` and frees its slot, batch by batch,
 * each batch one transaction. Instances sweeping at once share the work: each skips the rows
 * another one holds, so every booking is released by exactly one of them. Returns how many
 * bookings this call released.
 */
export async function sweepLapsedBookings({
  db,
  now = new Date(),
  batchSize = BOOKING_RELEASE_BATCH_SIZE,
}: {
  db: Database;
  now?: Date;
  batchSize?: number;
}): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction((tx) => releaseLapsedBookings(tx, now, { limit: batchSize }));
    released += batch;
    if (batch < batchSize) return released;
  }
}

export interface BookingReleaseSweepOptions {
  db: Database;
  logger: Logger;
  intervalMs?: number;
  firstRunDelayMs?: number;
  now?: () => Date;
}

/**
 * Sweeps lapsed guest bookings every few minutes. Housekeeping only: a lapsed booking's slot
 * already counts as free to anyone listing or booking it, whenever the sweep runs.
 */
export function startBookingReleaseSweep({
  db,
  logger,
  intervalMs = BOOKING_RELEASE_INTERVAL_MS,
  firstRunDelayMs = BOOKING_RELEASE_FIRST_RUN_DELAY_MS,
  now = () => new Date(),
}: BookingReleaseSweepOptions): PeriodicTask<number> {
  return startPeriodicTask({
    run: async () => {
      const released = await sweepLapsedBookings({ db, now: now() });
      if (released > 0) logger.info({ released }, 'unconfirmed guest bookings released');
      return released;
    },
    intervalMs,
    firstRunDelayMs,
    logger,
    failureMessage: 'release of unconfirmed guest bookings failed; retrying at the next tick',
    onFailure: 0,
  });
}
