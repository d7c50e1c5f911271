import { Router } from 'express';
import { requireUser } from '../../auth/guards';
import { createEventsHandlers, type EventsHandlerDeps } from './events.handlers';

/** Mounted at /api/events: any logged-in user, whatever the role; logged out, 401 as JSON. */
export function createEventsRouter(deps: EventsHandlerDeps): Router {
  const handlers = createEventsHandlers(deps);
  const router = Router();
  router.get('/', requireUser, handlers.stream);
  return router;
}
