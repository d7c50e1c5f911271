/**
 * Public surface of the notifications module: the service other modules report events to (inside
 * their own transactions) and its router.
 */
export {
  createNotificationsService,
  type LiveEventPublisher,
  type NotificationInput,
  type NotificationsService,
} from './notifications.service';
export { createNotificationsRouter } from './notifications.routes';
export { notificationCopy, type NotificationText } from './notifications.copy';
