import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { diagnostics, jobMedia, media } from '@shared/schema';
import type { Executor } from '../../db/client';

/** One row of the `media` table, as the database media store reads it. */
export interface MediaRow {
  contentType: string;
  data: Buffer;
}

export async function insertMedia(
  db: Executor,
  values: { key: string; contentType: string; data: Buffer },
): Promise<void> {
  await db.insert(media).values({ ...values, byteSize: values.data.length });
}

export async function findMediaByKey(db: Executor, key: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(eq(media.key, key))
    .limit(1);
  return row;
}

export async function deleteMediaByKeys(db: Executor, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await db.delete(media).where(inArray(media.key, keys)).returning({ key: media.key });
  return removed.length;
}

/** Any fixed number (migrations use 727_001, demo jobs 727_002): one retention sweep at a time. */
const MEDIA_RETENTION_LOCK_KEY = 727_003;

/**
 * Transaction-scoped and non-blocking: false when another instance is sweeping right now, so a
 * cluster runs one sweep per tick instead of several racing over the same rows.
 */
export async function tryLockMediaRetention(tx: Executor): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${MEDIA_RETENTION_LOCK_KEY}) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/**
 * Up to `limit` diagnoses older than `retentionDays` that still list photos and never became a
 * job — none of their photos is referenced by a `job_media` row, by URL or by key — oldest first,
 * locked until the caller's transaction ends.
 */
export async function lockExpiredDiagnosisPhotos(
  tx: Executor,
  options: { retentionDays: number; limit: number },
): Promise<{ id: string; imageUrls: string[] }[]> {
  return tx
    .select({ id: diagnostics.id, imageUrls: diagnostics.imageUrls })
    .from(diagnostics)
    .where(
      and(
        // The database's clock, so every instance agrees on what "old" means.
        lt(diagnostics.createdAt, sql`now() - make_interval(days => ${options.retentionDays})`),
        sql`cardinality(${diagnostics.imageUrls}) > 0`,
        sql`not exists (
          select 1 from unnest(${diagnostics.imageUrls}) as photo(url)
          join ${jobMedia} on ${jobMedia.url} = photo.url
            or ${jobMedia.s3Key} = substring(photo.url from '[^/]*$')
        )`,
      ),
    )
    .orderBy(asc(diagnostics.createdAt))
    .limit(options.limit)
    .for('update');
}

/** Keeps the diagnoses (the answers stay useful for statistics) but forgets their photos. */
export async function clearDiagnosisPhotos(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(diagnostics).set({ imageUrls: [] }).where(inArray(diagnostics.id, ids));
}
