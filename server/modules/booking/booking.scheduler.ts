import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
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

export interface SlotScheduler {
  /** Tops the window up now (also what each tick does), or joins a run in progress. Resolves with the slots added. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

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
  let running: Promise<number> | undefined;
  let stopped = false;

  const runOnce = () => {
    running ??= ensureAvailabilitySlots(db, { from: now(), days, timeZone })
      .then((added) => {
        if (added > 0) logger.info({ added, days }, 'availability slots topped up');
        return added;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'availability slot top-up failed; retrying at the next tick');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  void runOnce();
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, intervalMs);
  // Never keeps the process alive on its own.
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
