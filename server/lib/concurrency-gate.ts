import { AppError } from './app-error';

export interface ConcurrencyGateOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a turn; one more is refused at once instead of waiting. */
  maxQueued: number;
  /** How long a task may wait for its turn before it is refused after all. */
  maxWaitMs: number;
  /** The message of the 503 a refused task answers with. */
  busyMessage: string;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Admission control for expensive work: at most `concurrency` tasks run, at most `maxQueued` wait
 * (each at most `maxWaitMs`), and the rest fail fast with SERVICE_UNAVAILABLE. An unbounded queue in
 * front of slow work (a bcrypt check takes ~0.4 s of CPU) grows without end under a flood, and every
 * request behind it waits for work whose clients have long gone (docs/performance.md, 4b).
 */
export function createConcurrencyGate({
  concurrency,
  maxQueued,
  maxWaitMs,
  busyMessage,
}: ConcurrencyGateOptions) {
  let running = 0;
  const waiting: Waiter[] = [];
  const busy = () => new AppError('SERVICE_UNAVAILABLE', busyMessage);

  const release = () => {
    const next = waiting.shift();
    if (!next) {
      running -= 1;
      return;
    }
    // The slot passes straight to the next waiter, so `running` stays the same.
    clearTimeout(next.timer);
    next.start();
  };

  const waitForTurn = () =>
    new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index === -1) return; // already started: release() cleared this timer, but be sure
          waiting.splice(index, 1);
          reject(busy());
        }, maxWaitMs),
      };
      waiting.push(waiter);
    });

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) throw busy();
        await waitForTurn();
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** For tests and metrics. */
    stats: () => ({ running, queued: waiting.length }),
  };
}
