/**
 * Public surface of the live events module (docs/decisions/027-live-events.md): the service other
 * modules publish through inside their own transactions (built once, in createApp), and the
 * Server-Sent Events router for GET /api/events.
 */
export {
  createLiveEvents,
  LIVE_EVENTS_MESSAGES,
  MAX_STREAMS_PER_USER,
  REPLAY_LIMIT,
  REPLAY_LOOK_BACK_MS,
  startLiveEventsCleanup,
  type LiveEventSink,
  type LiveEventStream,
  type LiveEventsDeps,
  type LiveEventsService,
} from './events.service';
export { createEventsRouter } from './events.routes';
export { EVENT_STREAM_HEADERS, RECONNECT_DELAY_MS, type EventsHandlerDeps } from './events.handlers';
