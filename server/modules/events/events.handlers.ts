import type { Request, RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import type { CurrentUser } from '@shared/contracts/auth';
import type { LiveEvent } from '@shared/contracts/notifications';
import type { Authenticator } from '../../auth/passport';
import { currentUser } from '../../auth/guards';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { LiveEventSink, LiveEventsService } from './events.service';

/** What the browser waits before reconnecting a stream that ended (the SSE `retry:` field). */
export const RECONNECT_DELAY_MS = 3_000;
/**
 * Bytes a stream may have waiting to be sent. A page that stopped reading (a frozen tab, a dead
 * network path) is cut off beyond this, rather than held in memory; it replays what it missed.
 */
const MAX_UNSENT_BYTES = 64 * 1024;

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
  // nginx passes the stream on as it comes instead of buffering it (docs/decisions/027-live-events.md).
  'X-Accel-Buffering': 'no',
} as const;

export interface EventsHandlerDeps {
  liveEvents: LiveEventsService;
  passport: Authenticator;
  config: Pick<Config, 'liveEvents' | 'sessionIdleTimeoutMs' | 'sessionMaxAgeMs'>;
  logger: Logger;
}

/** The Last-Event-ID header as a row number; anything else means no replay. */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

export function createEventsHandlers({ liveEvents, passport, config, logger }: EventsHandlerDeps) {
  const log = logger.child({ module: 'live-events' });
  /** One event goes to many streams as the same object: its JSON is made once. */
  const serialised = new WeakMap<LiveEvent, string>();
  const dataOf = (event: LiveEvent) => {
    let data = serialised.get(event);
    if (data === undefined) serialised.set(event, (data = JSON.stringify(event)));
    return data;
  };

  /**
   * Whether the session the stream was opened with still stands: its row is there (logout and
   * expiry remove it), it is within the lifetimes `enforceSessionLifetime` applies, and it still
   * opens the same account (a password change since makes it open nothing).
   */
  async function sessionStands(req: Request, sessionId: string, user: CurrentUser): Promise<boolean> {
    const stored = await new Promise<SessionData | null | undefined>((resolve, reject) =>
      req.sessionStore.get(sessionId, (error, session) => (error ? reject(error) : resolve(session))),
    );
    if (!stored) return false;
    const now = Date.now();
    if (stored.seenAt !== undefined && now - stored.seenAt > config.sessionIdleTimeoutMs) return false;
    if (stored.startedAt !== undefined && now - stored.startedAt > config.sessionMaxAgeMs) return false;
    const credential = (stored as { passport?: { user?: unknown } }).passport?.user;
    if (credential === undefined || credential === null) return false;
    const found = await new Promise<Express.User | false | undefined>((resolve, reject) =>
      passport.deserializeUser(credential, req, (error: unknown, found?: Express.User | false) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(found),
      ),
    );
    return Boolean(found) && (found as CurrentUser).id === user.id;
  }

  /** GET /api/events: the logged-in user's live events as Server-Sent Events. */
  const stream: RequestHandler = async (req, res) => {
    const user = currentUser(req);
    // Express answers HEAD with the GET route: the headers, then done (a body-less stream would never end).
    if (req.method === 'HEAD') return void res.writeHead(200, EVENT_STREAM_HEADERS).end();
    const sessionId = req.sessionID;
    const send = (chunk: string) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(chunk);
      if (res.writableLength > MAX_UNSENT_BYTES) res.destroy();
    };
    const sink: LiveEventSink = {
      send: (id, event) => send(`id: ${id}\ndata: ${dataOf(event)}\n\n`),
      end: () => {
        if (!res.writableEnded) res.end();
      },
    };
    // Refused (429, 503) before anything is written, as JSON like every other answer.
    const opened = liveEvents.open(user.id, sink);

    // express-session would save the session when the stream ends if this request changed it (the
    // activity stamp), writing back a row that a logout elsewhere has deleted meanwhile. A stream is
    // not activity: detached, the session is neither saved nor touched, and sets no cookie.
    req.session = undefined as unknown as Request['session'];

    res.writeHead(200, EVENT_STREAM_HEADERS);
    res.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);

    let checking = false;
    const heartbeat = setInterval(() => {
      send(': ping\n\n');
      if (checking) return;
      checking = true;
      sessionStands(req, sessionId, user)
        .then((stands) => {
          if (!stands) {
            opened.close();
            sink.end();
          }
        })
        // A failed look-up (the database away) keeps the stream; the next heartbeat asks again.
        .catch((error: unknown) => log.warn({ err: error }, 'live events session check failed'))
        .finally(() => (checking = false));
    }, config.liveEvents.heartbeatMs);
    heartbeat.unref();

    res.on('close', () => {
      clearInterval(heartbeat);
      opened.close();
    });

    try {
      await opened.resume(parseLastEventId(req.get('last-event-id')));
    } catch (error) {
      // Headers are out: the stream ends and the page reconnects (and replays) in RECONNECT_DELAY_MS.
      log.error({ err: error }, 'live events replay failed; the stream ends');
      opened.close();
      sink.end();
    }
  };

  return { stream };
}
