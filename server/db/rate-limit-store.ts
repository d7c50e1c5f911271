import { lt, sql } from 'drizzle-orm';
import type { Options, Store } from 'express-rate-limit';
import { rateLimits } from '@shared/schema';
import type { Database } from './client';

const PRUNE_EVERY = 500;

/**
 * express-rate-limit counters in PostgreSQL, so every instance on one database shares them
 * (docs/decisions/006). One upsert per counted request; a fixed window per key.
 */
export function createPgRateLimitStore(db: Database, prefix: string): Store {
  let windowMs = 60_000;
  let calls = 0;

  return {
    prefix,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      calls += 1;
      if (calls % PRUNE_EVERY === 0) {
        await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
      }
      const { rows } = await db.execute<{ hits: number; reset_at: string | Date }>(sql`
        insert into rate_limits (key, hits, reset_at)
        values (${prefix + key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`);
      return { totalHits: Number(rows[0].hits), resetTime: new Date(rows[0].reset_at) };
    },
    async decrement(key) {
      await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${prefix + key}`);
    },
    async resetKey(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${prefix + key}`);
    },
  };
}
