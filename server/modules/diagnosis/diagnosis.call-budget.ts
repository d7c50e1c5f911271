import type { Options, Store } from 'express-rate-limit';
import { todayIn } from '@shared/dates';

/**
 * A daily budget of model calls shared by every instance: one counter per UTC day in the
 * rate_limits table (key `openai-calls:<YYYY-MM-DD>`), incremented atomically by one upsert before
 * each call. A call that would go over the budget is not made; the offline engine answers instead.
 */
export interface ModelCallBudget {
  /** Counts one call and says whether it is within today's budget. */
  tryUse(): Promise<boolean>;
}

/** Longer than a day, so a day's counter never resets within its day; pruned an hour after. */
const COUNTER_LIFETIME_MS = 25 * 60 * 60 * 1000;

export function createDailyCallBudget({
  limit,
  store,
  now = () => new Date(),
}: {
  /** Calls per UTC day over all instances. */
  limit: number;
  /** The shared counters: `deps.rateLimitStore('openai-calls:')`. */
  store: Store;
  now?: () => Date;
}): ModelCallBudget {
  void store.init?.({ windowMs: COUNTER_LIFETIME_MS } as Options);
  return {
    async tryUse() {
      if (limit <= 0) return false;
      const { totalHits } = await store.increment(todayIn('UTC', now()));
      return totalHits <= limit;
    },
  };
}

/** Shown with a diagnosis the offline engine made because the day's model calls are spent. */
export const BUDGET_SPENT_NOTE =
  "Our AI assistant has reached today's limit, so this diagnosis comes from our offline engine.";
