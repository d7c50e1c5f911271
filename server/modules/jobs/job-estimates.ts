import { jobEstimateSchema, type JobEstimate } from '@shared/contracts/jobs';
import { estimateResponseSchema, type EstimateResponse } from '@shared/contracts/pricing';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { extractZip } from '../geo';
import { estimateFrom, loadReferenceData } from '../pricing';
import { listJobsWithoutEstimate, setJobEstimate } from './jobs.repository';

/**
 * A job keeps the estimate it was posted with (`jobs.estimate`, an EstimateResponse): its homeowner
 * and its plumbers compare quotes with the figures they were shown, whatever the catalogue says
 * later, and a retired issue type still shows its price on old jobs.
 */

/** The stored estimate; null for a job whose issue the catalogue could not price (or an unreadable one). */
export function storedEstimate(stored: unknown): EstimateResponse | null {
  const parsed = estimateResponseSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The stored estimate reduced to what the job lists compare quotes with. */
export function storedJobEstimate(stored: unknown): JobEstimate | null {
  const estimate = storedEstimate(stored);
  if (!estimate) return null;
  const { min, max } = estimate.costBreakdown.total;
  return { min, max, estimatedCost: estimate.estimatedCost };
}

const estimateTotalSchema = jobEstimateSchema.pick({ min: true, max: true });

/**
 * The total range of a stored estimate, read alone (`estimate->'costBreakdown'->'total'`): a list of
 * many jobs that shows only the range need not fetch and check the whole breakdown of each.
 */
export function storedEstimateTotal(storedTotal: unknown): Pick<JobEstimate, 'min' | 'max'> | null {
  const parsed = estimateTotalSchema.safeParse(storedTotal);
  return parsed.success ? parsed.data : null;
}

/** Jobs priced per transaction: short locks, and an instance that stops midway loses one batch's work at most. */
export const ESTIMATE_BACKFILL_BATCH = 200;

/**
 * Gives every job posted before estimates were stored the estimate the catalogue gives it now, once.
 * Each batch locks its jobs (`FOR UPDATE SKIP LOCKED`) in its own transaction and fills only those
 * still without one, so instances running it together share the work and never price a job twice;
 * a job the catalogue cannot price stays without (and is looked at again at the next start). Once
 * `signal` aborts it ends after the batch in hand. Answers how many it priced.
 */
export async function backfillJobEstimates(
  db: Database,
  { batchSize = ESTIMATE_BACKFILL_BATCH, signal }: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let priced = 0;
  let after: string | undefined;
  while (!signal?.aborted) {
    const batch = await db.transaction(async (tx) => {
      const jobs = await listJobsWithoutEstimate(tx, { afterId: after, limit: batchSize });
      if (jobs.length === 0) return { seen: 0, lastId: after, priced: 0 };
      const reference = await loadReferenceData(tx);
      let pricedHere = 0;
      for (const job of jobs) {
        const estimate = estimateFrom(reference, {
          issueSlug: job.issueSlug,
          zip: extractZip(job.address),
          urgency: job.urgency,
        });
        if (!estimate) continue;
        await setJobEstimate(tx, job.id, estimate);
        pricedHere += 1;
      }
      return { seen: jobs.length, lastId: jobs[jobs.length - 1].id, priced: pricedHere };
    });
    priced += batch.priced;
    after = batch.lastId;
    if (batch.seen < batchSize) break;
  }
  return priced;
}

export interface JobEstimateBackfill {
  /** Resolves with how many jobs were priced once the run ends (0 if it failed: that is logged). */
  done: Promise<number>;
  /** Ends the run after the batch in hand and waits for it (shutdown). */
  stop(): Promise<void>;
}

/**
 * The backfill at start-up, in the background: at a million old jobs it takes minutes, and the
 * instance serves meanwhile (docs/decisions/031-admin-operations.md). Until a job's turn comes its
 * estimate reads as none, as for a job the catalogue cannot price (the job lists and the job room
 * show no estimate). A failure is logged and the next start carries on where it stopped.
 */
export function startJobEstimateBackfill({
  db,
  logger,
  batchSize,
}: {
  db: Database;
  logger: Logger;
  batchSize?: number;
}): JobEstimateBackfill {
  const controller = new AbortController();
  const done = backfillJobEstimates(db, { batchSize, signal: controller.signal }).then(
    (priced) => {
      logger.info(
        { priced, stopped: controller.signal.aborted },
        controller.signal.aborted
          ? 'job estimate backfill stopped by shutdown; the next start carries on'
          : 'job estimate backfill done',
      );
      return priced;
    },
    (error: unknown) => {
      logger.error({ err: error }, 'job estimate backfill failed; the next start tries again');
      return 0;
    },
  );
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
