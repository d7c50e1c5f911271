import type { Logger } from './logger';

export interface PeriodicTask<T> {
  /** Runs the task now (also what each tick does), or joins a run in progress. */
  runOnce(): Promise<T>;
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions<T> {
  run: () => Promise<T>;
  intervalMs: number;
  /** Delay before the first run; without it the first run starts at once. */
  firstRunDelayMs?: number;
  logger: Logger;
  /** Logged at `error` when a run fails; the next tick tries again. */
  failureMessage: string;
  /** What a failed run resolves with. */
  onFailure: T;
}

/**
 * Background work every instance runs on its own timer (slot top-up, photo retention, release of unconfirmed
 * bookings): runs never overlap within one process, a failed run is logged and retried at the next
 * tick, and the timers never keep the process alive. Work shared by several instances must be
 * safe to run on all of them at once; that is the task's business, not the timer's.
 */
export function startPeriodicTask<T>({
  run,
  intervalMs,
  firstRunDelayMs,
  logger,
  failureMessage,
  onFailure,
}: PeriodicTaskOptions<T>): PeriodicTask<T> {
  let running: Promise<T> | undefined;
  let stopped = false;

  const runOnce = () => {
    running ??= run()
      .catch((error: unknown) => {
        logger.error({ err: error }, failureMessage);
        return onFailure;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const tick = () => {
    if (!stopped) void runOnce();
  };

  const first = firstRunDelayMs === undefined ? undefined : setTimeout(tick, firstRunDelayMs);
  first?.unref();
  if (firstRunDelayMs === undefined) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
