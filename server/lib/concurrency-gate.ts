import { AppError } from './app-error';

export interface ConcurrencyGateOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a turn; one more is refused at once instead of waiting. */
  maxQueued: number;
  /** The message of the 503 a refused task answers with. */
  busyMessage: string;
}

/**
 * Admission control for expensive work: at most `concurrency` tasks run, at most `maxQueued` wait,
 * and the rest fail fast with SERVICE_UNAVAILABLE. An unbounded queue in front of slow work (a
 * bcrypt check takes ~0.4 s of CPU) grows without end under a flood, and every request behind it
 * waits for work whose clients have long gone (docs/performance.md, 4b).
 */
export function createConcurrencyGate({ concurrency, maxQueued, busyMessage }: ConcurrencyGateOptions) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) throw new AppError('SERVICE_UNAVAILABLE', busyMessage);
        await new Promise<void>((resolve) => waiting.push(resolve));
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
