import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/constants';
import { liveEvents, notifications } from '@shared/schema';
import type { Executor } from '../../db/client';

/** The NOTIFY channel of live events; its payloads are `LiveEventsPayload` as JSON. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

export interface NewLiveEventRow {
  userId: string;
  type: string;
  jobId: string | null;
  notificationId: string | null;
}

/** One row as a replay reads it: the notification's kind comes from the notification itself. */
export interface StoredLiveEvent {
  id: number;
  type: string;
  jobId: string | null;
  notificationId: string | null;
  kind: NotificationKind | null;
}

/**
 * Writes one row per user and answers each row's id with its user. `created_at` is the time of the
 * insert (clock_timestamp()), not of the transaction's start: the replay's look-back window counts
 * from when the row was written.
 */
export async function insertLiveEvents(
  tx: Executor,
  rows: readonly NewLiveEventRow[],
): Promise<{ id: number; userId: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(liveEvents)
    .values(rows.map((row) => ({ ...row, createdAt: sql`clock_timestamp()` })))
    .returning({ id: liveEvents.id, userId: liveEvents.userId });
}

/** Announces `payload` on the channel; PostgreSQL delivers it when (and only if) `tx` commits. */
export async function notifyLiveEvents(tx: Executor, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
}

const storedColumns = {
  id: liveEvents.id,
  type: liveEvents.type,
  jobId: liveEvents.jobId,
  notificationId: liveEvents.notificationId,
  kind: notifications.kind,
};

/** The user's rows after `afterId`, oldest first, at most `limit`. */
export async function listLiveEventsAfter(
  db: Executor,
  userId: string,
  afterId: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  return db
    .select(storedColumns)
    .from(liveEvents)
    .leftJoin(notifications, eq(notifications.id, liveEvents.notificationId))
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The user's rows up to `upToId` written in the last `withinMs`, newest first, at most `limit`. */
export async function listRecentLiveEventsUpTo(
  db: Executor,
  userId: string,
  upToId: number,
  withinMs: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  return db
    .select(storedColumns)
    .from(liveEvents)
    .leftJoin(notifications, eq(notifications.id, liveEvents.notificationId))
    .where(
      and(
        eq(liveEvents.userId, userId),
        lte(liveEvents.id, upToId),
        sql`${liveEvents.createdAt} > now() - make_interval(secs => ${withinMs / 1000})`,
      ),
    )
    .orderBy(desc(liveEvents.id))
    .limit(limit);
}

/**
 * Deletes up to `limit` rows older than `olderThanMs`; answers how many. Rows another instance is
 * deleting at the same moment are skipped, so several instances sweeping at once never wait on
 * each other.
 */
export async function deleteLiveEventsOlderThan(
  db: Executor,
  olderThanMs: number,
  limit: number,
): Promise<number> {
  const expired = db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`)
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(liveEvents)
    .where(inArray(liveEvents.id, expired))
    .returning({ id: liveEvents.id });
  return removed.length;
}
