import type { RequestHandler } from 'express';
import { notificationRoutes } from '@shared/contracts/notifications';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { NotificationsService } from './notifications.service';

export function createNotificationsHandlers(notifications: NotificationsService) {
  const list: RequestHandler = async (req, res) => {
    reply(res, notificationRoutes.list, await notifications.list(currentUser(req).id));
  };

  const markRead: RequestHandler = async (req, res) => {
    const input = parseInput(notificationRoutes.markRead.body, req.body);
    reply(res, notificationRoutes.markRead, await notifications.markRead(currentUser(req).id, input));
  };

  const getPreferences: RequestHandler = async (req, res) => {
    reply(res, notificationRoutes.getPreferences, await notifications.getPreferences(currentUser(req).id));
  };

  const updatePreferences: RequestHandler = async (req, res) => {
    const input = parseInput(notificationRoutes.updatePreferences.body, req.body);
    const preferences = await notifications.updatePreferences(currentUser(req).id, input);
    reply(res, notificationRoutes.updatePreferences, preferences);
  };

  return { list, markRead, getPreferences, updatePreferences };
}
