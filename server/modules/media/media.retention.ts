import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { mediaKeyFromUrl, type MediaStore } from '../../lib/media-store';
import { startPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';
import {
  clearDiagnosisPhotos,
  deleteMediaByKeys,
  lockExpiredDiagnosisPhotos,
  tryLockMediaRetention,
} from './media.repository';

export const MEDIA_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Not at once: start-up (migrations, seed) comes first, and a restart loop does not sweep each time. */
export const MEDIA_RETENTION_FIRST_RUN_DELAY_MS = 60 * 1000;
/** Diagnoses per transaction (at most five photos each): short locks, bounded memory. */
export const MEDIA_RETENTION_BATCH_SIZE = 100;

export interface MediaRetentionResult {
  /** Diagnoses whose photos were removed (the rows stay, with no image URLs). */
  diagnoses: number;
  photos: number;
  /** True when another instance was sweeping, so this one left the work to it. */
  skipped: boolean;
}

export interface PurgeExpiredPhotosOptions {
  db: Database;
  media: MediaStore;
  retentionDays: number;
  batchSize?: number;
}

/**
 * Removes the photos of diagnoses older than `retentionDays` that never became a job, batch by
 * batch. Each batch is one transaction holding the cluster-wide retention lock: the diagnoses lose
 * their image URLs and the photos leave the `media` table together. Files of the folder store can
 * only go after the commit; a crash in between leaves unreferenced files, never a URL to nothing.
 */
export async function purgeExpiredDiagnosisPhotos({
  db,
  media,
  retentionDays,
  batchSize = MEDIA_RETENTION_BATCH_SIZE,
}: PurgeExpiredPhotosOptions): Promise<MediaRetentionResult> {
  const total: MediaRetentionResult = { diagnoses: 0, photos: 0, skipped: false };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await tryLockMediaRetention(tx))) return null;
      const expired = await lockExpiredDiagnosisPhotos(tx, { retentionDays, limit: batchSize });
      const keys = expired.flatMap((row) =>
        row.imageUrls.map(mediaKeyFromUrl).filter((key): key is string => key !== null),
      );
      await clearDiagnosisPhotos(
        tx,
        expired.map((row) => row.id),
      );
      await deleteMediaByKeys(tx, keys);
      return { diagnoses: expired.length, keys };
    });
    if (batch === null) {
      // Another instance holds the lock: it sweeps this tick (and, between our batches, took over).
      total.skipped = total.diagnoses === 0;
      return total;
    }
    // The folder store's files (the database store's rows went with the transaction: a no-op there).
    for (const key of batch.keys) await media.remove(key);
    total.diagnoses += batch.diagnoses;
    total.photos += batch.keys.length;
    if (batch.diagnoses < batchSize) return total;
  }
}

export interface MediaRetentionOptions extends PurgeExpiredPhotosOptions {
  logger: Logger;
  intervalMs?: number;
  firstRunDelayMs?: number;
}

/** `runOnce` sweeps now (also what each tick does); runs never overlap within one instance. */
export type MediaRetention = PeriodicTask<MediaRetentionResult>;

/**
 * Sweeps shortly after start and then every few hours. Every instance runs it; the advisory lock
 * makes one of them do each tick's work (the others skip), so the photos go exactly once.
 */
export function startMediaRetention({
  logger,
  intervalMs = MEDIA_RETENTION_INTERVAL_MS,
  firstRunDelayMs = MEDIA_RETENTION_FIRST_RUN_DELAY_MS,
  ...purge
}: MediaRetentionOptions): MediaRetention {
  return startPeriodicTask({
    run: async () => {
      const result = await purgeExpiredDiagnosisPhotos(purge);
      if (result.photos > 0 || result.diagnoses > 0) {
        logger.info({ ...result, retentionDays: purge.retentionDays }, 'expired diagnosis photos removed');
      }
      return result;
    },
    intervalMs,
    firstRunDelayMs,
    logger,
    failureMessage: 'diagnosis photo retention failed; retrying at the next tick',
    onFailure: { diagnoses: 0, photos: 0, skipped: false },
  });
}
