import type { Executor } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { startPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';
import { foldJobStatusCountChanges } from './jobs.repository';

/**
 * How many jobs are in each status without counting the jobs (docs/decisions/034-job-status-tallies.md):
 * a trigger on `jobs` appends +1/−1 rows to `job_status_count_changes` (migration 0014), never
 * updating a shared row, so posting jobs never queues on a counter; this task folds those rows into
 * `job_status_counts`. A read sums both (admin.repository.ts), so it is exact whether or not the fold has run.
 */

export const JOB_STATUS_FOLD_INTERVAL_MS = 60 * 1000;

/** Folds every minute on every instance (each change is folded once, whoever folds it). */
export function startJobStatusTallyFolding({
  db,
  logger,
  intervalMs = JOB_STATUS_FOLD_INTERVAL_MS,
}: {
  db: Executor;
  logger: Logger;
  intervalMs?: number;
}): PeriodicTask<number> {
  return startPeriodicTask({
    run: () => foldJobStatusCountChanges(db),
    intervalMs,
    firstRunDelayMs: intervalMs,
    logger,
    failureMessage: 'folding job status tallies failed; retrying at the next tick',
    onFailure: 0,
  });
}
