import type { EstimateResponse } from '@shared/contracts/pricing';
import type { DatabaseHandle, Database, Unlisten } from '../../db/client';
import { estimateFrom, loadReferenceData, type EstimateInput, type ReferenceData } from './pricing.reference';
import { PRICING_CHANGED_CHANNEL } from './pricing.repository';

export type { EstimateInput };

export interface ActiveIssue {
  issueSlug: string;
  issueName: string;
  category: string;
}

export interface PricingServiceOptions {
  /**
   * How long the catalogue, regions and modifiers are kept in memory when nothing says they changed.
   * A committed admin edit drops every instance's copy at once (`startListening`); the TTL bounds how
   * stale a copy can be if that announcement is lost. 0 reads them on every call. Default 30 s: an
   * estimate then costs no query at all (see bench/diagnosis.ts for both figures).
   */
  cacheTtlMs?: number;
  now?: () => number;
  /** The database's LISTEN (DatabaseHandle.listen): how this process hears of other instances' edits. */
  listen?: DatabaseHandle['listen'];
}

export const DEFAULT_PRICING_CACHE_TTL_MS = 30_000;

export function createPricingService(db: Database, options: PricingServiceOptions = {}) {
  const ttl = options.cacheTtlMs ?? DEFAULT_PRICING_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { data: ReferenceData; loadedAt: number } | undefined;
  let loading: Promise<ReferenceData> | undefined;
  /** Bumped by each drop: a load that began before it is handed to its callers but never kept. */
  let generation = 0;
  let unlisten: Unlisten | undefined;

  function dropCache() {
    generation += 1;
    cached = undefined;
    loading = undefined;
  }

  async function referenceData(): Promise<ReferenceData> {
    if (cached && ttl > 0 && now() - cached.loadedAt < ttl) return cached.data;
    // Concurrent callers share one load.
    if (!loading) {
      const startedIn = generation;
      const load: Promise<ReferenceData> = loadReferenceData(db)
        .then((data) => {
          if (generation === startedIn) cached = { data, loadedAt: now() };
          return data;
        })
        .finally(() => {
          if (loading === load) loading = undefined;
        });
      loading = load;
    }
    return loading;
  }

  return {
    /** The price of an active catalogue issue; null when the slug is unknown or inactive. */
    async estimate(input: EstimateInput): Promise<EstimateResponse | null> {
      return estimateFrom(await referenceData(), input);
    },

    /** The active catalogue issues, sorted by slug. */
    async listActiveIssues(): Promise<ActiveIssue[]> {
      const data = await referenceData();
      return [...data.items.values()].map(({ issueSlug, issueName, category }) => ({
        issueSlug,
        issueName,
        category,
      }));
    },

    /** Forgets the cached reference data: the next estimate reads the tables (after a committed edit). */
    dropCache,

    /**
     * Listens for committed pricing edits of any instance (`pricing_changed`, sent in the edit's
     * transaction) and drops the cache on each, and when the listener reconnects (an announcement may
     * have been lost meanwhile). After the migrations, like live events; without `listen`, a no-op.
     */
    async startListening(): Promise<void> {
      if (unlisten || !options.listen) return;
      unlisten = await options.listen(PRICING_CHANGED_CHANNEL, dropCache, dropCache);
    },

    /** Stops listening; before the pool closes. */
    async stopListening(): Promise<void> {
      const stop = unlisten;
      unlisten = undefined;
      await stop?.();
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
