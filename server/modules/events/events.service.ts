import { z } from 'zod';
import { liveEventSchema, type LiveEvent } from '@shared/contracts/notifications';
import type { Config } from '../../config';
import type { DatabaseHandle, Executor, Unlisten } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { startPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';
import {
  LIVE_EVENTS_CHANNEL,
  deleteLiveEventsOlderThan,
  insertLiveEvents,
  listLiveEventsAfter,
  listRecentLiveEventsUpTo,
  notifyLiveEvents,
  type StoredLiveEvent,
} from './events.repository';

/** Open streams one user may have (tabs, devices); the next one is refused with 429. */
export const MAX_STREAMS_PER_USER = 10;
/**
 * Rows a reconnecting page is sent at most. A page further behind gets these, then its stream ends
 * and it reconnects from the last one (Last-Event-ID) for the next batch: nothing is skipped.
 */
export const REPLAY_LIMIT = 500;
/**
 * A reconnecting page is also sent the rows of this look-back window up to its Last-Event-ID: a row
 * numbered lower than one the page saw may have committed after it (ids are taken at insert, NOTIFY
 * goes out at commit). The page drops ids it already has (docs/decisions/027-live-events.md).
 */
export const REPLAY_LOOK_BACK_MS = 10_000;
/** How long the ids of a replay are remembered, so their NOTIFY arriving late is not sent twice. */
const REPLAYED_IDS_KEPT_MS = 10_000;
/** Live events held for a stream while its replay is read; a stream that falls further behind ends. */
const MAX_HELD_WHILE_REPLAYING = 1_000;
/** Rows per NOTIFY: a payload stays near 6 kB, under PostgreSQL's 8,000-byte limit. */
const ROWS_PER_NOTIFY = 100;
/** The log is kept a day: long enough for any reconnecting page, short enough to stay small. */
export const LIVE_EVENTS_RETENTION_MS = 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const CLEANUP_FIRST_RUN_DELAY_MS = 60 * 1000;
const CLEANUP_BATCH_SIZE = 5_000;

export const LIVE_EVENTS_MESSAGES = {
  tooManyForUser: `Live updates are open in too many pages (at most ${MAX_STREAMS_PER_USER}). Close some and reload.`,
  tooManyForServer: 'Live updates are busy right now. The page will try again shortly.',
  notRunning: 'Live updates are not available right now. The page will try again shortly.',
} as const;

/** One NOTIFY: the event, and the rows (id, user) it was written as. */
const payloadSchema = z.object({
  event: liveEventSchema,
  rows: z.array(z.tuple([z.number().int().positive(), z.string()])),
});
type LiveEventsPayload = z.infer<typeof payloadSchema>;

/** Where a stream's events go: the HTTP edge writes them as Server-Sent Events. */
export interface LiveEventSink {
  /** One event, `id` its row number (the page's Last-Event-ID). */
  send(id: number, event: LiveEvent): void;
  /** Ends the stream; the page reconnects with Last-Event-ID and is sent what it missed. */
  end(): void;
}

/** One open stream, as `open` returns it. */
export interface LiveEventStream {
  /**
   * Sends the rows after `lastEventId` (and the look-back window before it), then the live events
   * that arrived meanwhile, without repeats, and from then on each live event as it comes.
   * Without `lastEventId` (a first connection) only live events.
   */
  resume(lastEventId?: number): Promise<void>;
  /** Forgets the stream (its connection closed); nothing more is sent to it. */
  close(): void;
}

export interface LiveEventsService {
  /**
   * Writes one `live_events` row per user in the caller's transaction and announces them with
   * NOTIFY, which PostgreSQL delivers only when that transaction commits: a rolled-back change
   * pushes nothing. Each user is sent the event once, however often it is listed.
   */
  publish(tx: Executor, userIds: readonly string[], event: LiveEvent): Promise<void>;
  /** Listens for events (after the migrations). */
  start(): Promise<void>;
  /** Ends every open stream and stops listening; before the pool closes. */
  stop(): Promise<void>;
  /**
   * Registers a stream of `userId`'s events; live events are held until `resume`. Throws
   * RATE_LIMITED (429) past MAX_STREAMS_PER_USER and SERVICE_UNAVAILABLE (503) past the process's
   * limit or while not started.
   */
  open(userId: string, sink: LiveEventSink): LiveEventStream;
  /** Streams open in this process. */
  openStreams(): number;
  /** Deletes rows older than a day (what startLiveEventsCleanup runs); answers how many went. */
  deleteExpired(): Promise<number>;
}

/**
 * The event log's hourly cleanup: one of the cluster's periodic tasks, run by the background process
 * only (deleting rows another instance is deleting is skipped, not waited for).
 */
export function startLiveEventsCleanup({
  liveEvents,
  logger,
}: {
  liveEvents: Pick<LiveEventsService, 'deleteExpired'>;
  logger: Logger;
}): PeriodicTask<number> {
  const log = logger.child({ module: 'live-events' });
  return startPeriodicTask({
    run: async () => {
      const removed = await liveEvents.deleteExpired();
      if (removed > 0) log.info({ removed }, 'expired live events removed');
      return removed;
    },
    intervalMs: CLEANUP_INTERVAL_MS,
    firstRunDelayMs: CLEANUP_FIRST_RUN_DELAY_MS,
    logger: log,
    failureMessage: 'live events cleanup failed; retrying at the next tick',
    onFailure: 0,
  });
}

export interface LiveEventsDeps {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  logger: Logger;
  config: Pick<Config, 'liveEvents'>;
}

interface StreamState {
  userId: string;
  sink: LiveEventSink;
  /** Live events held while the replay is read; undefined once the stream is live. */
  held: { id: number; event: LiveEvent }[] | undefined;
  /** Ids the replay sent, for a while: their NOTIFY may still be on its way. */
  replayed: Set<number> | undefined;
  closed: boolean;
}

/** The stored row as the event the page is sent; null for a row whose notification is gone. */
function toLiveEvent(row: StoredLiveEvent): LiveEvent | null {
  const candidate =
    row.type === 'notification'
      ? { type: row.type, jobId: row.jobId, notificationId: row.notificationId, kind: row.kind }
      : { type: row.type, jobId: row.jobId };
  const parsed = liveEventSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * Live events (docs/decisions/027-live-events.md): a log of what each user's open pages are told
 * (`live_events`), written in the transaction of the change it reports and announced with NOTIFY.
 * One listener per process hands each announcement to the streams of the users it names;
 * a page that lost its connection reconnects with Last-Event-ID and is sent what it missed.
 */
export function createLiveEvents({ database, logger, config }: LiveEventsDeps): LiveEventsService {
  const log = logger.child({ module: 'live-events' });
  const { maxStreams } = config.liveEvents;
  const streamsOf = new Map<string, Set<StreamState>>();
  let streamCount = 0;
  let unlisten: Unlisten | undefined;
  let running = false;

  function forget(stream: StreamState) {
    if (stream.closed) return;
    stream.closed = true;
    stream.held = undefined;
    const streams = streamsOf.get(stream.userId);
    if (streams?.delete(stream)) {
      streamCount -= 1;
      if (streams.size === 0) streamsOf.delete(stream.userId);
    }
  }

  function end(stream: StreamState) {
    forget(stream);
    stream.sink.end();
  }

  function endAll() {
    for (const streams of [...streamsOf.values()]) {
      for (const stream of [...streams]) end(stream);
    }
  }

  function deliver(stream: StreamState, id: number, event: LiveEvent) {
    if (stream.closed) return;
    if (stream.held) {
      if (stream.held.length >= MAX_HELD_WHILE_REPLAYING) end(stream);
      else stream.held.push({ id, event });
      return;
    }
    if (stream.replayed?.has(id)) return;
    stream.sink.send(id, event);
  }

  function onPayload(text: string) {
    let payload: LiveEventsPayload;
    try {
      payload = payloadSchema.parse(JSON.parse(text));
    } catch (error) {
      log.warn({ err: error }, 'ignored a live events notification that does not parse');
      return;
    }
    for (const [id, userId] of payload.rows) {
      const streams = streamsOf.get(userId);
      if (!streams) continue;
      for (const stream of [...streams]) deliver(stream, id, payload.event);
    }
  }

  /** The listener was away: what was announced meanwhile never arrived. Pages reconnect and replay it. */
  function onReconnect() {
    log.warn({ streams: streamCount }, 'live events listener reconnected; open streams end and resume');
    endAll();
  }

  async function replay(stream: StreamState, lastEventId: number) {
    const [after, recent] = await Promise.all([
      listLiveEventsAfter(database.db, stream.userId, lastEventId, REPLAY_LIMIT),
      listRecentLiveEventsUpTo(database.db, stream.userId, lastEventId, REPLAY_LOOK_BACK_MS, REPLAY_LIMIT),
    ]);
    const rows = [...recent, ...after].sort((a, b) => a.id - b.id);
    return { rows, complete: after.length < REPLAY_LIMIT };
  }

  async function deleteExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await deleteLiveEventsOlderThan(
        database.db,
        LIVE_EVENTS_RETENTION_MS,
        CLEANUP_BATCH_SIZE,
      );
      total += removed;
      if (removed < CLEANUP_BATCH_SIZE) return total;
    }
  }

  return {
    async publish(tx, userIds, event) {
      const users = [...new Set(userIds)];
      if (users.length === 0) return;
      const checked = liveEventSchema.parse(event);
      const rows = await insertLiveEvents(
        tx,
        users.map((userId) => ({
          userId,
          type: checked.type,
          jobId: checked.jobId,
          notificationId: checked.type === 'notification' ? checked.notificationId : null,
        })),
      );
      for (let start = 0; start < rows.length; start += ROWS_PER_NOTIFY) {
        const chunk = rows.slice(start, start + ROWS_PER_NOTIFY);
        const payload: LiveEventsPayload = { event: checked, rows: chunk.map((row) => [row.id, row.userId]) };
        await notifyLiveEvents(tx, JSON.stringify(payload));
      }
    },

    async start() {
      if (running) return;
      unlisten = await database.listen(LIVE_EVENTS_CHANNEL, onPayload, onReconnect);
      running = true;
    },

    async stop() {
      if (!running) return;
      running = false;
      endAll();
      await unlisten?.().catch((error: unknown) => log.warn({ err: error }, 'live events unlisten failed'));
      unlisten = undefined;
    },

    open(userId, sink) {
      if (!running) throw new AppError('SERVICE_UNAVAILABLE', LIVE_EVENTS_MESSAGES.notRunning);
      if (streamCount >= maxStreams) {
        throw new AppError('SERVICE_UNAVAILABLE', LIVE_EVENTS_MESSAGES.tooManyForServer);
      }
      let streams = streamsOf.get(userId);
      if ((streams?.size ?? 0) >= MAX_STREAMS_PER_USER) {
        throw new AppError('RATE_LIMITED', LIVE_EVENTS_MESSAGES.tooManyForUser);
      }
      if (!streams) streamsOf.set(userId, (streams = new Set()));
      const stream: StreamState = { userId, sink, held: [], replayed: undefined, closed: false };
      streams.add(stream);
      streamCount += 1;

      return {
        async resume(lastEventId) {
          if (stream.closed || !stream.held) return;
          const sent = new Set<number>();
          if (lastEventId !== undefined) {
            let replayed: Awaited<ReturnType<typeof replay>>;
            try {
              replayed = await replay(stream, lastEventId);
            } catch (error) {
              forget(stream);
              throw error;
            }
            if (stream.closed) return;
            for (const row of replayed.rows) {
              const event = toLiveEvent(row);
              if (!event || sent.has(row.id)) continue;
              stream.sink.send(row.id, event);
              sent.add(row.id);
            }
            if (!replayed.complete) {
              // More than one batch behind: the page reconnects from the last row sent for the next.
              end(stream);
              return;
            }
          }
          const held = stream.held;
          stream.held = undefined;
          for (const { id, event } of held) {
            if (sent.has(id)) continue;
            stream.sink.send(id, event);
            sent.add(id);
          }
          if (lastEventId !== undefined && sent.size > 0) {
            stream.replayed = sent;
            setTimeout(() => (stream.replayed = undefined), REPLAYED_IDS_KEPT_MS).unref();
          }
        },
        close: () => forget(stream),
      };
    },

    openStreams: () => streamCount,
    deleteExpired,
  };
}
