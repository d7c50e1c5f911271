import { useQueryClient, type InvalidateQueryFilters, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserRole } from '@shared/constants';
import { liveEventSchema, notificationRoutes, type LiveEvent } from '@shared/contracts/notifications';
import { queryKeys } from '@/lib/react-query';

/**
 * The queries an event makes stale for this viewer, and only those (docs/product.md#constants: nothing is
 * polled or refetched on focus, so this is how an open page learns of a change). The job's room key
 * is the prefix of its messages key: the one filter refreshes both. The lists are matched exactly,
 * so the homeowner's jobs list does not drag every other room along with it.
 */
export function staleQueriesFor(event: LiveEvent, role: UserRole): InvalidateQueryFilters[] {
  const filters: InvalidateQueryFilters[] = [{ queryKey: queryKeys.jobs.room(event.jobId) }];
  if (event.type === 'notification') {
    filters.push({ queryKey: queryKeys.notifications.list, exact: true });
  }
  if (role === 'plumber') {
    filters.push(
      { queryKey: queryKeys.jobs.nearby, exact: true },
      { queryKey: queryKeys.jobs.nearbyCount, exact: true },
      { queryKey: queryKeys.jobs.assigned, exact: true },
      // An accepted or cancelled job changes the status of the plumber's quote.
      { queryKey: queryKeys.quotes.ofPlumbers },
      // Acceptances, reschedules and cancellations move the plumber's calendar.
      { queryKey: queryKeys.plumbers.myAppointments },
    );
  } else {
    filters.push(
      { queryKey: queryKeys.jobs.mine, exact: true },
      { queryKey: queryKeys.quotes.ofJob(event.jobId), exact: true },
    );
  }
  return filters;
}

/** How many events are remembered to recognise a replay: far more than the server replays. */
const SEEN_LIMIT = 500;

/**
 * The events already handled. After a reconnection the server may send again a few events the page
 * has seen (it resumes from Last-Event-ID). An event is known by its id and its data together: an
 * event sent without an `id:` line carries the previous event's id (EventSource keeps the last one),
 * and must not pass for that event.
 */
export class SeenEvents {
  private readonly keys = new Set<string>();

  /** True the first time an event is seen. */
  add(id: string, data: string): boolean {
    const key = `${id}\n${data}`;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    // A Set iterates in insertion order: the first key is the oldest.
    if (this.keys.size > SEEN_LIMIT) this.keys.delete(this.keys.values().next().value as string);
    return true;
  }
}

/** Handles one `message` of the stream: a replay or a message that is not a live event is ignored. */
export function createLiveEventListener(queryClient: QueryClient, role: UserRole, seen = new SeenEvents()) {
  return (message: { data: unknown; lastEventId: string }) => {
    if (typeof message.data !== 'string' || !seen.add(message.lastEventId, message.data)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(payload);
    if (!event.success) return;
    for (const filters of staleQueriesFor(event.data, role)) void queryClient.invalidateQueries(filters);
  };
}

const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 5 * 60_000;

/**
 * Listens to GET /api/events while a user is logged in. The session cookie goes with it (same
 * origin); EventSource reconnects by itself after a drop, at the server's `retry:` pace and with
 * Last-Event-ID. A new user (logout, another login) closes the stream and opens another.
 */
export function useLiveEvents(user: { id: string; role: UserRole }): void {
  const queryClient = useQueryClient();
  const { id, role } = user;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const listener = createLiveEventListener(queryClient, role);
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let delayMs = REOPEN_MIN_MS;
    const open = (reopening: boolean) => {
      source = new EventSource(notificationRoutes.events.path);
      source.onmessage = listener;
      source.onopen = () => {
        delayMs = REOPEN_MIN_MS;
        // A new stream has no Last-Event-ID: what changed while none was open is refetched instead.
        if (reopening) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
          void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine });
        }
      };
      // The browser retries a dropped stream by itself, but gives up on a refused one (401, 429,
      // 503 while the server starts): then a new stream is opened later, backing off.
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        reopenTimer = setTimeout(() => open(true), delayMs);
        delayMs = Math.min(delayMs * 2, REOPEN_MAX_MS);
      };
    };
    open(false);
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [queryClient, id, role]);
}
