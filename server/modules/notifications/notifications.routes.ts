import { Router } from 'express';
import { requireUser } from '../../auth/guards';
import { createNotificationsHandlers } from './notifications.handlers';
import type { NotificationsService } from './notifications.service';

/** Mounted at /api: the bell (/notifications) and the owner's choices (/account/notifications). */
export function createNotificationsRouter({
  notifications,
}: {
  notifications: NotificationsService;
}): Router {
  const handlers = createNotificationsHandlers(notifications);
  const router = Router();
  router.get('/notifications', requireUser, handlers.list);
  router.post('/notifications/read', requireUser, handlers.markRead);
  router.get('/account/notifications', requireUser, handlers.getPreferences);
  router.patch('/account/notifications', requireUser, handlers.updatePreferences);
  return router;
}
